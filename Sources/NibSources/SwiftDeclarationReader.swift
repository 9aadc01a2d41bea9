import NibClasses
import NibModel
import SwiftParser
import SwiftSyntax

/// Reads one Swift file's classes, extensions, members and identifier literals with SwiftSyntax
/// (R-SRC-1, R-SRC-4). Syntax only: no type checking, so names are as written.
enum SwiftDeclarationReader {
    /// The declarations of `text`, a Swift file at `path` in `module`.
    static func read(_ text: String, path: String, module: String) -> SourceFileDeclarations {
        let tree = Parser.parse(source: text)
        let visitor = Visitor(lines: LineStarts(text), path: path, module: module)
        visitor.walk(tree)
        return visitor.result
    }

    private final class Visitor: SyntaxVisitor {
        let lines: LineStarts
        let path: String
        let module: String
        var result = SourceFileDeclarations()
        /// The runtime names of the enclosing types (nil for structs, enums, protocols).
        var enclosing: [String?] = []

        init(lines: LineStarts, path: String, module: String) {
            self.lines = lines
            self.path = path
            self.module = module
            super.init(viewMode: .sourceAccurate)
        }

        func location(_ node: some SyntaxProtocol) -> FileLocation {
            let (line, column) = lines.location(ofUTF8Offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
            return FileLocation(file: path, line: line, column: column)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            let attributes = Attributes(node.attributes)
            var declaration = SourceClassDeclaration(
                name: node.name.text, objcName: attributes.objcName,
                superclass: node.inheritanceClause?.inheritedTypes.first.map { Self.typeName($0.type) },
                isExtension: false, exposesAllMembers: attributes.has("objcMembers"), language: .swift, module: module,
                location: location(node.name), members: [])
            declaration.members = members(node.memberBlock, exposesAll: declaration.exposesAllMembers)
            result.classes.append(declaration)
            enclosing.append(declaration.runtimeName)
            return .visitChildren
        }

        override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
        override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            enclosing.append(nil)
            result.nonClassTypes.insert(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enclosing.append(nil)
            result.nonClassTypes.insert(node.name.text)
            return .visitChildren
        }
        override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

        /// A protocol or an actor: a type no document can name as a class.
        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            result.nonClassTypes.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            result.nonClassTypes.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            let attributes = Attributes(node.attributes)
            var declaration = SourceClassDeclaration(
                name: Self.typeName(node.extendedType), objcName: nil, superclass: nil, isExtension: true,
                exposesAllMembers: attributes.has("objc") || attributes.has("objcMembers"), language: .swift, module: module,
                location: location(node.extendedType), members: [])
            declaration.members = members(node.memberBlock, exposesAll: declaration.exposesAllMembers)
            result.classes.append(declaration)
            enclosing.append(declaration.name)
            return .visitChildren
        }

        /// `typealias Name = Type` at file scope, not generic: an extension may name the class so
        /// (`typealias DeveloperOnly = PlaceBidViewController; extension DeveloperOnly { @IBAction … }`).
        /// An alias inside a type (`Router.ViewController`) names nothing at file scope.
        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            let type = node.initializer.value
            var ancestor = node.parent
            while let current = ancestor, !current.is(MemberBlockSyntax.self), !current.is(CodeBlockSyntax.self) {
                ancestor = current.parent
            }
            if ancestor == nil, node.genericParameterClause == nil, type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
                result.typeAliases[node.name.text, default: []].insert(Self.typeName(type))
            }
            return .skipChildren
        }

        /// A generic parameter (`class List<Cell: UITableViewCell>`): its name is a type the
        /// members use that no declaration names, and no class.
        override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind {
            result.nonClassTypes.insert(node.name.text)
            return .visitChildren
        }

        /// `@IBOutlet`, `@MainActor`: an attribute's name is a type in the syntax tree, no use.
        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        /// A type written anywhere (a parameter, a local, a cast, a generic argument).
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            mention(node.name.text, at: node)
            return .visitChildren
        }

        /// `Name(…)`: an instance made in code.
        override func visitPost(_ node: FunctionCallExprSyntax) {
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) { mention(callee.baseName.text, at: callee) }
        }

        func mention(_ name: String, at node: some SyntaxProtocol) {
            guard result.typeMentions[name] == nil, name.first?.isUppercase == true, !ClassLookup.isFrameworkClass(name) else { return }
            result.typeMentions[name] = location(node)
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if let text = Self.literal(node) { result.stringLiterals.insert(text) }
            return .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let called: String? =
                node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            guard let called, let first = node.arguments.first else { return .visitChildren }
            let label = first.label?.text
            let kind: IdentifierUse.Kind?
            switch (called, label) {
            case ("performSegue", "withIdentifier"): kind = .segue
            case ("instantiateViewController", "withIdentifier"), ("instantiateController", "withIdentifier"),
                ("instantiateViewController", "identifier"), ("instantiateController", "identifier"):
                kind = .storyboardIdentifier
            case ("UIStoryboard", "name"), ("NSStoryboard", "name"): kind = .storyboardName
            default: kind = nil
            }
            if let kind, let literal = first.expression.as(StringLiteralExprSyntax.self), let text = Self.literal(literal) {
                let receiver = kind == .storyboardName ? .unknown : Self.receiver(of: node.calledExpression, kind: kind)
                result.identifierUses.append(
                    IdentifierUse(kind, text, at: location(node), receiver: receiver, enclosingClass: enclosing.last ?? nil))
            } else if let kind {
                result.computedIdentifierKinds.insert(kind)
            }
            return .visitChildren
        }

        /// What `performSegue` / `instantiateViewController` is sent to: nothing or `self` (the
        /// controller), `storyboard` / `self.storyboard` (its storyboard, optional-chained or
        /// not), `UIStoryboard(name: "…", …)` (a named one).
        static func receiver(of called: ExprSyntax, kind: IdentifierUse.Kind) -> IdentifierUse.Receiver {
            guard let access = called.as(MemberAccessExprSyntax.self) else {
                return called.is(DeclReferenceExprSyntax.self) && kind == .segue ? .selfController : .unknown
            }
            guard var base = access.base else { return .unknown }
            if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            if let unwrapped = base.as(ForceUnwrapExprSyntax.self) { base = unwrapped.expression }
            let isSelf = { (expression: ExprSyntax) in expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" }
            switch kind {
            case .segue: return isSelf(base) ? .selfController : .unknown
            case .storyboardIdentifier:
                if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.text == "storyboard" { return .ownStoryboard }
                if let member = base.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "storyboard",
                    let owner = member.base, isSelf(owner)
                {
                    return .ownStoryboard
                }
                if let call = base.as(FunctionCallExprSyntax.self),
                    ["UIStoryboard", "NSStoryboard"].contains(call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""),
                    let name = call.arguments.first, name.label?.text == "name",
                    let literal = name.expression.as(StringLiteralExprSyntax.self), let text = Self.literal(literal)
                {
                    return .namedStoryboard(text)
                }
                return .unknown
            case .storyboardName: return .unknown
            }
        }

        /// The direct members of a class or extension body.
        func members(_ block: MemberBlockSyntax, exposesAll: Bool) -> [SourceMember] {
            members(block.members, exposesAll: exposesAll)
        }

        /// Members of a list, those under `#if` in every clause: the build that runs may take
        /// any of them (`#if !TARGET_INTERFACE_BUILDER … #else …`), and a key one clause
        /// declares must never be reported missing.
        func members(_ list: MemberBlockItemListSyntax, exposesAll: Bool) -> [SourceMember] {
            var found: [SourceMember] = []
            for item in list {
                if let conditional = item.decl.as(IfConfigDeclSyntax.self) {
                    for clause in conditional.clauses {
                        if case .decls(let nested) = clause.elements { found += members(nested, exposesAll: exposesAll) }
                    }
                } else if let variable = item.decl.as(VariableDeclSyntax.self) {
                    found += properties(variable, exposesAll: exposesAll)
                } else if let function = item.decl.as(FunctionDeclSyntax.self) {
                    found += method(function, exposesAll: exposesAll)
                } else if let initializer = item.decl.as(InitializerDeclSyntax.self) {
                    let labels = initializer.signature.parameterClause.parameters.map(\.firstName.text)
                    let selector = SwiftSelectors.selector(base: "init", labels: labels, isInitializer: true)
                    found.append(
                        SourceMember(
                            .method, selector, callsSuper: callsSuper(initializer.body, name: "init"), at: location(initializer.initKeyword)
                        ))
                }
            }
            return found
        }

        func properties(_ node: VariableDeclSyntax, exposesAll: Bool) -> [SourceMember] {
            let attributes = Attributes(node.attributes)
            let modifiers = Set(node.modifiers.map(\.name.text))
            if modifiers.contains("static") || modifiers.contains("class") { return [] }
            let isOutlet = attributes.has("IBOutlet")
            let isInspectable = attributes.has("IBInspectable")
            let exposed =
                isOutlet || isInspectable || attributes.has("objc") || attributes.has("NSManaged") || attributes.has("GKInspectable")
                || modifiers.contains("dynamic") || (exposesAll && !attributes.has("nonobjc"))
            return node.bindings.compactMap { binding in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                let type = binding.typeAnnotation.map { Self.typeName($0.type) }
                let isCollection = binding.typeAnnotation.map { Self.isArray($0.type) } ?? false
                let kind: SourceMember.Kind =
                    !exposed ? .hiddenProperty : isOutlet ? (isCollection ? .outletCollection : .outlet) : .property
                return SourceMember(kind, name, type: type, isInterfaceBuilder: isOutlet || isInspectable, at: location(binding.pattern))
            }
        }

        func method(_ node: FunctionDeclSyntax, exposesAll: Bool) -> [SourceMember] {
            let attributes = Attributes(node.attributes)
            let modifiers = Set(node.modifiers.map(\.name.text))
            if modifiers.contains("static") || modifiers.contains("class") { return [] }
            let isAction = attributes.has("IBAction") || attributes.has("IBSegueAction")
            let isOverride = modifiers.contains("override")
            let exposed =
                isAction || isOverride || attributes.has("objc") || modifiers.contains("dynamic")
                || (exposesAll && !attributes.has("nonobjc"))
            guard exposed else { return [] }
            let base = node.name.text
            let parameters = node.signature.parameterClause.parameters
            let labels = parameters.map(\.firstName.text)
            let selector = attributes.objcName ?? SwiftSelectors.selector(base: base, labels: labels)
            let superCall = isOverride ? callsSuper(node.body, name: base) : nil
            var member = SourceMember(.method, selector, isInterfaceBuilder: isAction, callsSuper: superCall, at: location(node.name))
            // Swift 2: a first parameter written without an argument label (`sender: UIButton`) has none.
            if attributes.objcName == nil, let first = parameters.first, first.secondName == nil, first.firstName.text != "_" {
                member.swift2Name = SwiftSelectors.selector(base: base, labels: ["_"] + labels.dropFirst())
            }
            var result = [member]
            // `handle(for:)`: Swift's preposition rule is a heuristic here; accept both spellings.
            if attributes.objcName == nil, let first = labels.first, SwiftSelectors.prepositions.contains(first) {
                let rest = labels.dropFirst().map { ($0 == "_" ? "" : $0) + ":" }.joined()
                let alternate = base + "With" + SwiftSelectors.capitalized(first) + ":" + rest
                if alternate != selector {
                    result.append(SourceMember(.method, alternate, isInterfaceBuilder: isAction, at: location(node.name)))
                }
            }
            return result
        }

        /// Whether `body` sends `name` to `super` (`super.viewDidLoad()`, `super.init(coder:)`).
        func callsSuper(_ body: CodeBlockSyntax?, name: String) -> Bool {
            guard let body else { return false }
            let finder = SuperCallFinder(name: name)
            finder.walk(body)
            return finder.found
        }

        static func literal(_ node: StringLiteralExprSyntax) -> String? {
            guard node.segments.count == 1, let segment = node.segments.first?.as(StringSegmentSyntax.self) else { return nil }
            return segment.content.text
        }

        /// `UILabel!`, `UILabel?`, `[UIButton]!`, `Module.Type` → the class name written (`UILabel`, `UIButton`, `Type`).
        static func typeName(_ type: TypeSyntax) -> String {
            if let optional = type.as(OptionalTypeSyntax.self) { return typeName(optional.wrappedType) }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return typeName(unwrapped.wrappedType) }
            if let array = type.as(ArrayTypeSyntax.self) { return typeName(array.element) }
            if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
            if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
            if let attributed = type.as(AttributedTypeSyntax.self) { return typeName(attributed.baseType) }
            return type.trimmedDescription
        }

        static func isArray(_ type: TypeSyntax) -> Bool {
            if let optional = type.as(OptionalTypeSyntax.self) { return isArray(optional.wrappedType) }
            if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return isArray(unwrapped.wrappedType) }
            return type.is(ArrayTypeSyntax.self)
        }
    }

    /// Finds `super.<name>` inside a body (closures included; nested types are not special-cased).
    private final class SuperCallFinder: SyntaxVisitor {
        let name: String
        var found = false

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.base?.is(SuperExprSyntax.self) == true, node.declName.baseName.text == name { found = true }
            return found ? .skipChildren : .visitChildren
        }
    }

    /// The attribute names of a declaration and an `@objc(Name)` argument.
    private struct Attributes {
        var names: Set<String> = []
        var objcName: String?

        init(_ list: AttributeListSyntax) {
            for element in list {
                guard let attribute = element.as(AttributeSyntax.self) else { continue }
                let name = attribute.attributeName.trimmedDescription
                names.insert(name)
                if name == "objc", let arguments = attribute.arguments {
                    let text = arguments.trimmedDescription.filter { !$0.isWhitespace }
                    if !text.isEmpty { objcName = text }
                }
            }
        }

        func has(_ name: String) -> Bool { names.contains(name) }
    }
}

/// Where each line of a Swift file starts, for the 1-based line and UTF-8 column of a byte
/// offset, as SwiftSyntax's `SourceLocationConverter` gives them (`\n`, `\r\n` and a lone `\r`
/// each end a line). The converter walks every token of the tree to build its table: a twentieth
/// of a cold site build of a project with thousands of Swift files; one pass over the bytes
/// gives the same answers.
struct LineStarts {
    private var starts: [Int] = [0]

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
    }

    /// The 1-based line and column (in UTF-8 bytes) of `offset`.
    func location(ofUTF8Offset offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
