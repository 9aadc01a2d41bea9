import NibClasses
import NibModel

/// Reads one Objective-C file's `@interface`s (classes, extensions, categories),
/// `@implementation`s with their instance variables and method bodies, and identifier literals
/// (R-SRC-2, R-SRC-4). A tolerant declaration reader rather than libclang: UIKit/AppKit headers
/// are not on Linux, so a compiler front end would lose every declaration that mentions an
/// unknown type or macro; this reader only needs the shapes of declarations, and skips what it
/// does not understand.
struct ObjCDeclarationReader {
    let tokens: [ObjCToken]
    let path: String
    let module: String
    var index = 0
    var result = SourceFileDeclarations()

    /// The declarations of `text`, an Objective-C file at `path` in `module`.
    static func read(_ text: String, path: String, module: String) -> SourceFileDeclarations {
        var reader = ObjCDeclarationReader(tokens: ObjCLexer.tokens(text), path: path, module: module)
        reader.readAll()
        return reader.result
    }

    /// Selector parts whose string argument is an identifier of a storyboard or segue.
    static let identifierCalls: [String: IdentifierUse.Kind] = [
        "performSegueWithIdentifier": .segue, "instantiateViewControllerWithIdentifier": .storyboardIdentifier,
        "instantiateControllerWithIdentifier": .storyboardIdentifier, "storyboardWithName": .storyboardName,
    ]

    func peek(_ offset: Int = 0) -> ObjCToken? { index + offset < tokens.count ? tokens[index + offset] : nil }
    func at(_ text: String, _ offset: Int = 0) -> Bool { peek(offset)?.text == text && peek(offset)?.kind != .string }
    func location(_ token: ObjCToken) -> FileLocation { FileLocation(file: path, line: token.line, column: token.column) }

    mutating func readAll() {
        var implementation: String?
        for (position, token) in tokens.enumerated() {
            if token.kind == .string {
                result.stringLiterals.insert(token.text)
            } else if token.kind == .word, token.text.first?.isUppercase == true, result.typeMentions[token.text] == nil,
                position + 1 < tokens.count,
                tokens[position + 1].text == "*"
                    || (position > 0 && tokens[position - 1].text == "["
                        && ["alloc", "new", "class"].contains(tokens[position + 1].text)),
                !ClassLookup.isFrameworkClass(token.text)
            {
                // `HNHUIScrollView *view`, `[HNHUIScrollView alloc]`: a class the code uses.
                result.typeMentions[token.text] = location(token)
            } else if token.kind == .word && token.text == "@implementation" {
                implementation = position + 1 < tokens.count && tokens[position + 1].kind == .word ? tokens[position + 1].text : nil
            } else if token.kind == .word && token.text == "@end" {
                implementation = nil
            } else if token.kind == .word, let kind = Self.identifierCalls[token.text], position + 2 < tokens.count,
                tokens[position + 1].text == ":"
            {
                if tokens[position + 2].kind == .string {
                    result.identifierUses.append(
                        IdentifierUse(
                            kind, tokens[position + 2].text, at: location(token), receiver: receiver(before: position, kind: kind),
                            enclosingClass: implementation))
                } else {
                    // `instantiateViewControllerWithIdentifier:NSStringFromClass(self)`, a variable…
                    result.computedIdentifierKinds.insert(kind)
                }
            }
        }
        while let token = peek() {
            switch token.kind == .word ? token.text : "" {
            case "@interface": readInterface(implementation: false)
            case "@implementation": readInterface(implementation: true)
            case "@protocol":
                if at(";", 2) || at(",", 2) { index += 2 } else { skip(to: "@end") }
            default: index += 1
            }
        }
    }

    /// What the message at `position` is sent to: `[self performSegue…]`, `[self.storyboard
    /// instantiate…]` / `[storyboard …]`, `[[UIStoryboard storyboardWithName:@"N" …] instantiate…]`.
    func receiver(before position: Int, kind: IdentifierUse.Kind) -> IdentifierUse.Receiver {
        guard position > 0 else { return .unknown }
        let previous = tokens[position - 1]
        switch kind {
        case .segue:
            return previous.kind == .word && previous.text == "self" && position > 1 && tokens[position - 2].text == "["
                ? .selfController : .unknown
        case .storyboardIdentifier:
            if previous.kind == .word && previous.text == "storyboard" {
                let owner = position > 2 && tokens[position - 2].text == "." ? tokens[position - 3].text : nil
                return owner == nil || owner == "self" ? .ownStoryboard : .unknown
            }
            guard previous.text == "]", previous.kind != .string else { return .unknown }
            var depth = 0
            var start = position - 1
            while start >= 0 {
                if tokens[start].kind != .string {
                    if tokens[start].text == "]" { depth += 1 } else if tokens[start].text == "[" { depth -= 1 }
                }
                if depth == 0 { break }
                start -= 1
            }
            guard start >= 0, start + 5 < position, tokens[start + 1].text == "UIStoryboard" || tokens[start + 1].text == "NSStoryboard",
                tokens[start + 2].text == "storyboardWithName", tokens[start + 3].text == ":", tokens[start + 4].kind == .string
            else { return .unknown }
            return .namedStoryboard(tokens[start + 4].text)
        case .storyboardName: return .unknown
        }
    }

    /// `@interface Name : Super <P> { ivars } … @end`, `@interface Name (Category)`, and the
    /// same shapes of `@implementation`.
    mutating func readInterface(implementation: Bool) {
        index += 1
        guard let nameToken = peek(), nameToken.kind == .word else { return }
        index += 1
        if at("<") { skipBalanced("<", ">") }  // lightweight generics: @interface Box<T> : NSObject
        var declaration = SourceClassDeclaration(
            name: nameToken.text, objcName: nil, superclass: nil, isExtension: false, exposesAllMembers: true,
            language: .objectiveC, module: module, location: location(nameToken), members: [])
        if at("(") {
            declaration.isExtension = true
            skipBalanced("(", ")")
        } else if at(":"), let superToken = peek(1), superToken.kind == .word {
            declaration.superclass = superToken.text
            index += 2
        }
        if implementation && !declaration.isExtension && declaration.superclass == nil {
            declaration.isExtension = true  // the @implementation of a class @interface'd elsewhere
        }
        if at("<") { skipBalanced("<", ">") }
        if at("{") { declaration.members += ivars() }
        while let token = peek(), !(token.kind == .word && token.text == "@end") {
            if token.kind == .word && (token.text == "@interface" || token.text == "@implementation") { break }  // missing @end
            switch token.kind == .string ? "" : token.text {
            case "@property": declaration.members += property()
            case "-": declaration.members += method(implementation: implementation)
            case "+":
                index += 1
                skipDeclaration(implementation: implementation)
            case "@synthesize", "@dynamic": declaration.members += synthesized(dynamic: token.text == "@dynamic")
            case "{": skipBalanced("{", "}")
            default: index += 1
            }
        }
        if at("@end") { index += 1 }
        result.classes.append(declaration)
    }

    /// `{ IBOutlet UIButton *a, *b; NSString *c; }`.
    mutating func ivars() -> [SourceMember] {
        index += 1
        var members: [SourceMember] = []
        var statement: [ObjCToken] = []
        while let token = peek(), !(token.text == "}" && token.kind == .punctuation) {
            if token.kind == .punctuation && token.text == "{" {
                skipBalanced("{", "}")  // a struct or union inside the ivars
                continue
            }
            index += 1
            if token.kind == .word && token.text.hasPrefix("@") { continue }  // @private, @public, …
            if token.kind == .punctuation && token.text == ";" {
                members += declarators(statement, kind: .ivar)
                statement = []
            } else {
                statement.append(token)
            }
        }
        index += 1
        return members
    }

    /// `@property (attrs) IBOutlet Type *name;` → a key (with setter unless readonly) and its `_name` ivar.
    mutating func property() -> [SourceMember] {
        index += 1
        var readonly = false
        if at("(") {
            let start = index
            skipBalanced("(", ")")
            readonly = tokens[start..<index].contains { $0.text == "readonly" }
        }
        var statement: [ObjCToken] = []
        while let token = peek(), !(token.kind == .punctuation && token.text == ";") {
            if token.kind == .word && (token.text == "@end" || token.text == "@property") { break }
            statement.append(token)
            index += 1
        }
        if at(";") { index += 1 }
        var members: [SourceMember] = []
        for member in declarators(statement, kind: .property) {
            var key = member
            if readonly && key.kind == .property { key.kind = .ivar; key.name = "_" + key.name }
            members.append(key)
            if !readonly { members.append(SourceMember(.ivar, "_" + member.name, at: member.location)) }
        }
        return members
    }

    /// The names a declaration statement declares, with its outlet markers and type.
    func declarators(_ statement: [ObjCToken], kind: SourceMember.Kind) -> [SourceMember] {
        let isCollection = statement.contains { $0.text == "IBOutletCollection" }
        let isOutlet = isCollection || statement.contains { $0.text == "IBOutlet" }
        let isInspectable = statement.contains { $0.text == "IBInspectable" }
        // Drop macro calls and attributes: `IDENT(...)` groups; keep the block name in `(^name)`.
        var words: [[ObjCToken]] = [[]]
        var depth = 0
        var blockName: ObjCToken?
        for (position, token) in statement.enumerated() {
            if token.kind == .punctuation && token.text == "(" {
                depth += 1
                if position + 2 < statement.count, statement[position + 1].text == "^" || statement[position + 1].text == "*",
                    statement[position + 2].kind == .word
                {
                    blockName = statement[position + 2]
                }
                continue
            }
            if token.kind == .punctuation && token.text == ")" {
                depth = max(depth - 1, 0)
                continue
            }
            guard depth == 0 else { continue }
            if token.kind == .punctuation && token.text == "," {
                words.append([])
            } else if token.kind == .word, !Self.qualifiers.contains(token.text), !Self.isMacro(token.text) {
                words[words.count - 1].append(token)
            }
        }
        if let blockName { return [SourceMember(kind, blockName.text, at: location(blockName))] }
        let type = words.first?.first?.text
        let memberKind: SourceMember.Kind = isOutlet && kind != .ivar ? (isCollection ? .outletCollection : .outlet) : kind
        return words.enumerated().compactMap { position, group in
            guard let name = group.last, group.count >= (position == 0 ? 2 : 1) else { return nil }
            return SourceMember(
                memberKind, name.text, type: type, isInterfaceBuilder: isOutlet || isInspectable, at: location(name))
        }
    }

    /// `- (IBAction)save:(id)sender;` or a definition with its body (super calls, R-SRC-4).
    mutating func method(implementation: Bool) -> [SourceMember] {
        let start = peek()
        index += 1
        var isAction = false
        if at("(") {
            let from = index
            skipBalanced("(", ")")
            isAction = tokens[from..<index].contains { $0.text == "IBAction" || $0.text == "IBSegueAction" }
        }
        var selector = ""
        var firstPiece: String?
        while let token = peek(), token.kind == .word || token.text == ":" {
            if token.kind == .word, at(":", 1) {
                selector += token.text + ":"
                firstPiece = firstPiece ?? token.text
                index += 2
            } else if token.text == ":" {
                selector += ":"
                index += 1
            } else if selector.isEmpty {
                selector = token.text
                firstPiece = token.text
                index += 1
                break
            } else {
                index += 1  // parameter name, or a trailing attribute macro
                continue
            }
            if at("(") { skipBalanced("(", ")") }
            if let name = peek(), name.kind == .word, !at(":", 1) { index += 1 }
        }
        guard !selector.isEmpty, let start else {
            skipDeclaration(implementation: implementation)
            return []
        }
        var callsSuper: Bool?
        while let token = peek(),
            token.kind == .string
                || !(token.text == ";" || token.text == "{" || token.text == "-" || token.text == "+" || token.text.hasPrefix("@"))
        {
            index += 1
        }
        if at("{") {
            let bodyStart = index
            skipBalanced("{", "}")
            let body = tokens[bodyStart..<index]
            callsSuper = zip(body, body.dropFirst()).contains { $0.text == "super" && $1.text == firstPiece }
        } else if at(";") {
            index += 1
        }
        return [SourceMember(.method, selector, isInterfaceBuilder: isAction, callsSuper: callsSuper, at: location(start))]
    }

    /// `@synthesize a = _a, b;` → keys and ivars; `@dynamic a;` → keys.
    mutating func synthesized(dynamic: Bool) -> [SourceMember] {
        index += 1
        var members: [SourceMember] = []
        while let token = peek(), token.text != ";" {
            index += 1
            guard token.kind == .word else { continue }
            if at("=", 0), let ivar = peek(1), ivar.kind == .word {
                members.append(SourceMember(.property, token.text, at: location(token)))
                members.append(SourceMember(.ivar, ivar.text, at: location(ivar)))
                index += 2
            } else {
                members.append(SourceMember(.property, token.text, at: location(token)))
                if !dynamic { members.append(SourceMember(.ivar, token.text, at: location(token))) }
            }
        }
        if at(";") { index += 1 }
        return members
    }

    mutating func skipDeclaration(implementation: Bool) {
        while let token = peek(), token.kind == .string || !(token.text == ";" || token.text == "{" || token.text == "@end") { index += 1 }
        if at("{") { skipBalanced("{", "}") } else if at(";") { index += 1 }
    }

    mutating func skip(to word: String) {
        while let token = peek(), !(token.kind == .word && token.text == word) { index += 1 }
        if at(word) { index += 1 }
    }

    /// Skips from an opening token to its matching closing one (strings never count).
    mutating func skipBalanced(_ open: String, _ close: String) {
        var depth = 0
        while let token = peek() {
            index += 1
            guard token.kind == .punctuation else { continue }
            if token.text == open { depth += 1 }
            if token.text == close {
                depth -= 1
                if depth <= 0 { return }
            }
        }
    }

    static let qualifiers: Set<String> = [
        "IBOutlet", "IBOutletCollection", "IBInspectable", "const", "volatile", "unsigned", "signed", "long", "short",
        "__weak", "__strong", "__unsafe_unretained", "__autoreleasing", "__block", "__kindof", "_Nullable", "_Nonnull",
        "_Null_unspecified", "__nullable", "__nonnull", "nullable", "nonnull", "struct", "enum", "union", "static",
        "__attribute__", "__deprecated", "__unused", "extern",
    ]

    /// `NS_AVAILABLE_IOS`, `API_AVAILABLE`, `DEPRECATED_ATTRIBUTE`: all-capital words with `_`.
    static func isMacro(_ word: String) -> Bool {
        word.contains("_") && word.count > 3 && !word.hasPrefix("_") && word.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber }
    }
}
