import Foundation
import SwiftParser
import SwiftSyntax

/// Reads a `Package.swift` with SwiftSyntax (never runs it): every `.target`,
/// `.executableTarget` and `.testTarget` call with a literal `name:` owns its `path:` folder
/// (by default `Sources/<name>`, `Source/`, `src/`, `srcs/`, or `Tests/<name>` for tests), and
/// its module is the name as a C identifier, as SwiftPM makes it. A target whose `path:` is
/// not a literal is left out.
enum PackageManifestReader {
    static let targetCalls: Set<String> = ["target", "executableTarget", "testTarget"]

    static func read(manifest: URL, into map: inout ProjectModules, disk: ProjectFileReads) {
        guard let data = disk.contents(manifest.path) else { return }
        let tree = Parser.parse(source: String(decoding: data, as: UTF8.self))
        let visitor = TargetVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        let packageFolder = manifest.deletingLastPathComponent()
        for target in visitor.targets {
            let candidates: [String]
            if let path = target.path {
                candidates = [path]
            } else if target.isTest {
                candidates = ["Tests/\(target.name)"]
            } else {
                candidates = ["Sources", "Source", "src", "srcs"].map { "\($0)/\(target.name)" }
            }
            let folder = candidates.map { packageFolder.appendingPathComponent($0) }.first {
                disk.exists($0.path)
            }
            guard let folder else { continue }
            map.add(folder: ProjectModules.key(folder.path), module: ProjectModules.c99Identifier(target.name), xcode: false)
        }
    }

    struct Target {
        var name: String
        var path: String?
        var isTest: Bool
    }

    final class TargetVisitor: SyntaxVisitor {
        var targets: [Target] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let called = node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                PackageManifestReader.targetCalls.contains(called)
            else { return .visitChildren }
            var name: String?
            var path: String?
            var pathIsLiteral = true
            for argument in node.arguments {
                switch argument.label?.text {
                case "name": name = Self.literal(argument.expression)
                case "path":
                    path = Self.literal(argument.expression)
                    pathIsLiteral = path != nil
                default: break
                }
            }
            if let name, pathIsLiteral { targets.append(Target(name: name, path: path, isTest: called == "testTarget")) }
            return .visitChildren
        }

        static func literal(_ expression: ExprSyntax) -> String? {
            guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            return text
        }
    }
}
