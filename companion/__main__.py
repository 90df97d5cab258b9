from companion.cli import main
import sys
sys.exit(main())
