from ginrummy.cli import main

raise SystemExit(main())
