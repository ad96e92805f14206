"""`python -m experiments.strength`: head-to-head strength of two agents (see headtohead);
bad input is one line on stderr and exit 2."""
import sys

from experiments.strength.headtohead import cli

if __name__ == "__main__":
    sys.exit(cli())
