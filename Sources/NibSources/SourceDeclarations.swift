import Crypto
import Foundation
import NibModel

/// The language a declaration was read from.
public enum SourceLanguage: String, Hashable, Sendable {
    case swift
    case objectiveC = "objc"
}

/// One declaration inside a class body, extension or category, with where it is written.
public struct SourceMember: Hashable, Sendable {
    /// What the declaration is, as KVC and target-action see it.
    public enum Kind: String, Hashable, Sendable {
        /// `@IBOutlet var` / `IBOutlet` property or ivar.
        case outlet
        /// `@IBOutlet var xs: [T]` / `IBOutletCollection(T)`.
        case outletCollection
        /// Another property the runtime sees (KVC key; `@IBInspectable` ones included).
        case property
        /// A stored or computed Swift property the runtime does not see (R-SRC-1).
        case hiddenProperty
        /// An Objective-C instance variable (or the `_key` one a property synthesizes).
        case ivar
        /// An instance method the runtime sees (`@IBAction` ones included), by selector.
        case method
    }

    /// What the declaration is.
    public var kind: Kind
    /// The key (properties, ivars) or the Objective-C selector (methods).
    public var name: String
    /// The declared type's name without optionals, pointers or generic arguments, when written.
    public var type: String?
    /// `@IBAction`/`IBAction`, `@IBInspectable`/`IBInspectable`, or an outlet marker was written.
    public var isInterfaceBuilder: Bool
    /// For methods that override a superclass method: whether the body sends the selector to `super`.
    public var callsSuper: Bool?
    /// Where the declaration starts.
    public var location: FileLocation
    /// A Swift method's selector under Swift 2's rules, where it differs: there a first
    /// parameter without an explicit argument label has none (`func callMe(sender: UIButton)`
    /// is `callMe:`, Swift 3 and later `callMeWithSender:`). Used for the modules of targets
    /// built as Swift 2 (`ProjectModules.swift2Modules`).
    public var swift2Name: String?

    /// Creates a member.
    public init(
        _ kind: Kind, _ name: String, type: String? = nil, isInterfaceBuilder: Bool = false, callsSuper: Bool? = nil,
        at location: FileLocation
    ) {
        self.kind = kind
        self.name = name
        self.type = type
        self.isInterfaceBuilder = isInterfaceBuilder
        self.callsSuper = callsSuper
        self.location = location
    }
}

/// A class declaration, or an extension/category of one, as one file writes it.
public struct SourceClassDeclaration: Hashable, Sendable {
    /// The class name as written (Swift name, or Objective-C name).
    public var name: String
    /// `@objc(Name)`: the name the Objective-C runtime (and Interface Builder) uses.
    public var objcName: String?
    /// The first inherited type (Swift) or the superclass (Objective-C), when written.
    public var superclass: String?
    /// True for `extension X`, `@interface X ()`, `@interface X (Category)` and categories'
    /// `@implementation`; they add members to a class declared elsewhere.
    public var isExtension: Bool
    /// `@objcMembers`: every member is seen by the runtime (R-SRC-1).
    public var exposesAllMembers: Bool
    /// The language of the file.
    public var language: SourceLanguage
    /// The module the file belongs to: the one the project files decide, else a folder guess
    /// (SourceModules).
    public var module: String
    /// The modules the project files decide for the file (R-SRC-5); empty when undecidable.
    public var knownModules: [String] = []
    /// Where the declaration starts.
    public var location: FileLocation
    /// The members in source order.
    public var members: [SourceMember]

    /// The name the runtime and IB documents use: `@objc(Name)` or the written name.
    public var runtimeName: String { objcName ?? name }
}

/// A segue or storyboard identifier (or a storyboard name) written as a literal in code.
public struct IdentifierUse: Hashable, Sendable {
    /// What the literal names.
    public enum Kind: String, Hashable, Sendable {
        /// `performSegue(withIdentifier:)`, `performSegueWithIdentifier:sender:`.
        case segue
        /// `instantiateViewController(withIdentifier:)`, `instantiateControllerWithIdentifier:`.
        case storyboardIdentifier
        /// `UIStoryboard(name:bundle:)`, `storyboardWithName:bundle:`.
        case storyboardName
    }

    /// What the literal names.
    public var kind: Kind
    /// The literal's text.
    public var identifier: String
    /// Where the call is.
    public var location: FileLocation
    /// What the call is sent to, as far as the syntax tells.
    public enum Receiver: Hashable, Sendable {
        /// Not decidable from the call (a variable, another controller).
        case unknown
        /// The controller whose method makes the call: `performSegue(…)`, `self.performSegue(…)`.
        case selfController
        /// That controller's own storyboard: `storyboard?.instantiate…`, `self.storyboard`.
        case ownStoryboard
        /// A storyboard named by a literal: `UIStoryboard(name: "Main", bundle: nil).instantiate…`.
        case namedStoryboard(String)
    }
    /// What the call is sent to.
    public var receiver: Receiver
    /// The runtime name of the class whose method makes the call (Swift: the enclosing class or
    /// extension; Objective-C: the `@implementation`), when known.
    public var enclosingClass: String?

    /// Creates a use.
    public init(
        _ kind: Kind, _ identifier: String, at location: FileLocation, receiver: Receiver = .unknown, enclosingClass: String? = nil
    ) {
        self.kind = kind
        self.identifier = identifier
        self.location = location
        self.receiver = receiver
        self.enclosingClass = enclosingClass
    }
}

/// What one source file declares.
public struct SourceFileDeclarations: Sendable, Equatable {
    /// Classes, extensions and categories, in source order.
    public var classes: [SourceClassDeclaration] = []
    /// Identifier literals passed to storyboard and segue APIs.
    public var identifierUses: [IdentifierUse] = []
    /// Every string literal's text (for "declared but never used" notes, R-CHK-8).
    public var stringLiterals: Set<String> = []
    /// The SHA-256 (`digest`) of string literals known by digest only: declarations read back from a
    /// site's build state, which keeps no literal's text (`write(to:path:)`).
    public var stringLiteralDigests: Set<String> = []
    /// Swift type aliases at file scope to a plain type name: alias → the names it stands for.
    public var typeAliases: [String: Set<String>] = [:]
    /// Types the file declares or introduces that are no class: generic parameters (`class
    /// List<Cell>`), structs, enums, protocols, actors. Members may use them as types; they are
    /// never linked code's classes (R-CHK-4).
    public var nonClassTypes: Set<String> = []
    /// Class-like names the code uses as a type outside declarations of members (a parameter's
    /// or a local's type, `[Name alloc]`, `Name(…)`), each at its first place in the file: a
    /// class of linked code not given (a Carthage framework, an unchecked-out submodule) that
    /// the sources use only there (R-CHK-4). Framework classes are left out.
    public var typeMentions: [String: FileLocation] = [:]
    /// Kinds of identifier passed to the storyboard and segue APIs as something other than a
    /// literal (`instantiateViewController(withIdentifier: String(describing: self))`): such a
    /// file may use an identifier no literal spells (R-CHK-8).
    public var computedIdentifierKinds: Set<IdentifierUse.Kind> = []

    /// Empty declarations.
    public init() {}

    /// The digest a literal is known by: SHA-256, which no one can turn back into a key or a
    /// token (a fast non-cryptographic hash such as `StableHash` can be inverted), cut to its
    /// first 128 bits, which keep collisions out of reach at half the size in a big app's cache.
    public static func digest(_ literal: String) -> String {
        var literal = literal
        // Hashed in place: a `Data` copy of each of a big app's 65,000 literals was a tenth of
        // saving the source cache.
        return literal.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }.prefix(16).lowercaseHex
    }
}
