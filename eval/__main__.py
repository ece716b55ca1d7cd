import sys

from eval.run import main

sys.exit(main())
