import Foundation
import NibDiffing

/// The one escaping function for text nibviz writes into Markdown (GitHub/GitLab flavoured):
/// table cells, list items and inline code. Names are data, never markup: no line break ends
/// a table row, no `|` splits a cell, no `<` opens HTML, no `[`…`](…)` or bare URL makes a link, no `@name`
/// mentions anyone and no backtick, `*`, `_` or `~` changes the formatting.
public enum MarkdownText {
    /// `text` escaped for a table cell or running text, on one line.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        // GFM turns bare `http://…` and `www.…` into links after escapes are read: a word joiner
        // inside the trigger keeps the text as typed and dead.
        let unlinked = text.replacingOccurrences(of: "://", with: ":\u{2060}//")
            .replacingOccurrences(of: "www.", with: "www\u{2060}.", options: .caseInsensitive)
        for scalar in unlinked.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCR: continue
            case "\r", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\t": out += " "
            case "\\", "`", "*", "_", "[", "]", "~", "#", "|", "$":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            // A word joiner after `@` keeps the text as typed but stops GitHub's and GitLab's
            // mention filters, which run on the rendered text (a backslash would not).
            case "@": out += "@\u{2060}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// `text` as inline code: `<code>` with escaped content (a backtick code span cannot hold
    /// backslash escapes, so a name with a backtick or `|` would end it or split the table).
    public static func code(_ text: String) -> String {
        "<code>" + escape(text) + "</code>"
    }
}
