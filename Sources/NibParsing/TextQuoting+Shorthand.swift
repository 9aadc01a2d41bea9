/// The parser's shorthands for `TextQuoting` (NibModel) in its diagnostics.
func quote(_ text: String) -> String { TextQuoting.quote(text) }
func plain(_ text: String) -> String { TextQuoting.plain(text) }
