import NibSimulation
import Testing

/// Storyboard instantiation: controller nib, lazy view nib, relationship and embed segues (E.3).
@Suite("Storyboard controllers")
struct StoryboardTests {
    static let yaml = """
        platform: ios
        trace: L1
        classes:
          HomeVC: { overrides: ["initWithCoder:", awakeFromNib, loadView, viewDidLoad] }
          ChildVC: { overrides: ["initWithCoder:", awakeFromNib, viewDidLoad] }
        nibs:
          Main:
            initialViewController: nav
            scenes:
              - id: s1
                objects:
                  - id: nav
                    element: navigationController
                    sceneMember: viewController
                    connections:
                      - { segue: relationship, relationship: rootViewController, destination: home, id: r1 }
              - id: s2
                objects:
                  - id: home
                    element: viewController
                    customClass: HomeVC
                    sceneMember: viewController
                    storyboardIdentifier: Home
                    children:
                      - id: hv
                        element: view
                        key: view
                        children:
                          - id: box
                            element: containerView
                            connections:
                              - { segue: embed, destination: child, id: e1 }
              - id: s3
                objects:
                  - id: child
                    element: viewController
                    customClass: ChildVC
                    sceneMember: viewController
                    children:
                      - { id: cv, element: view, key: view }
        steps:
          - instantiateInitialController: { storyboard: Main, as: nav }
        """

    @Test("E.3: a relationship destination is instantiated after its container's load, its view stays unloaded")
    func relationshipDestination() throws {
        #expect(try SpecScenario.text(yaml: Self.yaml) == "-[HomeVC initWithCoder:]\n-[HomeVC awakeFromNib]\n")
    }

    @Test("E.3: an embed destination is instantiated after the view nib, before the container's viewDidLoad")
    func embedDestination() throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "  - instantiateInitialController: { storyboard: Main, as: nav }",
            with: "  - instantiateController: { storyboard: Main, identifier: Home, as: home }\n  - accessView: home")
        #expect(
            try SpecScenario.text(yaml: yaml) == """
                -[HomeVC initWithCoder:]
                -[HomeVC awakeFromNib]
                -[HomeVC loadView]
                -[ChildVC initWithCoder:]
                -[ChildVC awakeFromNib]
                -[HomeVC viewDidLoad]

                """)
    }

    @Test("R-VCI-6: a missing storyboard identifier raises NSInvalidArgumentException")
    func missingIdentifier() throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "  - instantiateInitialController: { storyboard: Main, as: nav }",
            with: "  - instantiateController: { storyboard: Main, identifier: Nope }")
        #expect(
            try SpecScenario.text(yaml: yaml)
                == "EXCEPTION NSInvalidArgumentException: Storyboard (<UIStoryboard: 0xADDR>) doesn't contain a view controller with identifier 'Nope'\n"
        )
    }

    @Test("R-VCI-6: each instantiate call makes a new instance")
    func newInstanceEachTime() throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "  - instantiateInitialController: { storyboard: Main, as: nav }",
            with:
                "  - instantiateController: { storyboard: Main, identifier: Home }\n  - instantiateController: { storyboard: Main, identifier: Home }"
        )
        #expect(
            try SpecScenario.text(yaml: yaml)
                == "-[HomeVC initWithCoder:]\n-[HomeVC awakeFromNib]\n-[HomeVC#home.2 initWithCoder:]\n-[HomeVC#home.2 awakeFromNib]\n")
    }
}
