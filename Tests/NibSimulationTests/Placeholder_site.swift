// Placeholder so the package resolves before this target has tests; delete when real tests land.
