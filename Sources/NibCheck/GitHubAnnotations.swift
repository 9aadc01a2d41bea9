import NibModel

/// `nibviz check --format github`: GitHub Actions workflow commands, one `::error`/`::warning`/
/// `::notice` line per finding, which Actions turns into annotations on the pull request's files
/// (no code-scanning upload, which SARIF needs and private repositories may not have).
extension CheckOutput {
    /// The findings as workflow commands, then the text format's count line. `workspace`: the
    /// folder paths are made relative to (Actions' `GITHUB_WORKSPACE`, the checkout), since an
    /// annotation attaches to a path in the repository.
    public static func github(_ findings: [CheckFinding], workspace: String? = nil) -> String {
        var out = ""
        for finding in findings {
            let command =
                switch finding.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            var properties = [("file", relative(finding.file, to: workspace))]
            if finding.line > 0 { properties.append(("line", String(finding.line))) }
            if finding.line > 0 && finding.column > 0 { properties.append(("col", String(finding.column))) }
            properties.append(("title", "nibviz \(finding.rule)"))
            var message = oneLine(finding.message)
            if let source = finding.sourceLocation {
                let place = FileLocation(file: relative(source.file, to: workspace), line: source.line, column: source.column)
                message += " (\(place): \(finding.sourceNote ?? "declared here"))"
            }
            let list = properties.map { "\($0.0)=\(escapedProperty($0.1))" }.joined(separator: ",")
            out += "::\(command) \(list)::\(escapedData(message))\n"
        }
        // The count line, as the text format ends: the log's last line says how it went.
        return out + summary(findings)
    }

    /// `path` below `workspace` as a path relative to it, without a leading `./` (the form an
    /// annotation's `file` matches a repository path in).
    static func relative(_ path: String, to workspace: String?) -> String {
        var path = Substring(path)
        if let workspace, !workspace.isEmpty {
            let base = workspace.hasSuffix("/") ? workspace : workspace + "/"
            if path.hasPrefix(base) { path = path.dropFirst(base.count) }
        }
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// A command's message: `%`, CR and LF percent-encoded (what the Actions runner decodes).
    static func escapedData(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case "\r\n": out += "%0D%0A"
            default: out.append(character)
            }
        }
        return out
    }

    /// A command property's value: as a message, plus `:` and `,`, which end a property.
    static func escapedProperty(_ text: String) -> String {
        escapedData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
