"""``python -m razzlog``: the same as the ``razzlog`` command."""

from razzlog.cli import main

raise SystemExit(main())
