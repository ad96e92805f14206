"""`python -m experiments.cli ...`: the same as the `tcglab` command."""
from experiments.cli.main import main

raise SystemExit(main())
