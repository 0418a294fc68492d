"""``razzlog report``: the audit as one self-contained HTML page.

* :mod:`razzlog.report.build` — the library calls: :func:`report_paths` and
  :func:`report_store` run the audit exactly as ``razzlog audit`` does and
  return the page model with the audit's tally (counts, exit code);
* :mod:`razzlog.report.collect` — the reports folded into counts per file,
  site and rule, and the capped choice of hands shown in detail;
* :mod:`razzlog.report.model` — the page model, plain frozen dataclasses;
* :mod:`razzlog.report.html` — the model laid out by the Jinja2 templates of
  ``templates/`` (autoescaping on, control characters made visible by
  :func:`razzlog.render.text.visible`).

See docs/report.md.
"""
