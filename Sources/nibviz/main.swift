import NibVizCLI

NibvizCommand.main()
