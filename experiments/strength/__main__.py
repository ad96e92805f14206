"""`python -m experiments.strength`: head-to-head strength of two agents (see headtohead)."""
from experiments.strength.headtohead import main

if __name__ == "__main__":
    main()
