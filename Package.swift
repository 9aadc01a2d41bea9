// swift-tools-version:6.0
import PackageDescription

/// The dynamic linker finds GraphvizShim's `delete_fast_node` before the dot layout plugin's
/// only where the executable exports it (GraphvizShim/FastNodeList.c). Linux only: elsewhere
/// the shim defines no such function.
let fastNodeListExport: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=delete_fast_node"], .when(platforms: [.linux]))
]

let package = Package(
    name: "nibviz",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "nibviz", targets: ["nibviz"]),
        .library(name: "NibModel", targets: ["NibModel"]),
        .library(name: "NibParsing", targets: ["NibParsing"]),
        .library(name: "NibClasses", targets: ["NibClasses"]),
        .library(name: "NibRules", targets: ["NibRules"]),
        .library(name: "NibSimulation", targets: ["NibSimulation"]),
        .library(name: "NibDOT", targets: ["NibDOT"]),
        .library(name: "NibDiagrams", targets: ["NibDiagrams"]),
        .library(name: "GraphvizRender", targets: ["GraphvizRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        // SHA-256 for the source literals a site's build state keeps by digest only (published).
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // Value types shared by every layer, and the byte search (`memmem`) every layer uses; builds in a second.
        .target(name: "NibModel", dependencies: ["CStringSearch"]),
        // libxml2 as a system library: NibParsing drives its SAX2 push parser directly, NibCompiled its
        // pull reader for XML property lists.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // Compiled nibs — NIBArchive and keyed archives (binary or XML), .nib bundles and .storyboardc —
        // into the model.
        .target(name: "NibCompiled", dependencies: ["NibModel", "CLibXML2"]),
        // What a path is (InputClassifier) and .xib/.storyboard XML into the model, with diagnostics;
        // compiled input goes to NibCompiled.
        .target(name: "NibParsing", dependencies: ["NibModel", "NibCompiled", "NibOutput", "CLibXML2", "CStringSearch"]),
        // libarchive as a system library: NibAppArchive reads `.ipa` (zip) archives with it.
        .systemLibrary(name: "CLibArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]),
        // App archives (`.ipa`): their nibs extracted, within size limits, into a private temporary
        // folder that commands read as a project.
        .target(name: "NibAppArchive", dependencies: ["NibModel", "NibParsing", "NibOutput", "CLibArchive"]),
        // YAML scenarios (Yams) into the model, their documents read by NibParsing; `NibInput`.
        .target(name: "NibScenario", dependencies: ["NibModel", "NibParsing", .product(name: "Yams", package: "Yams")]),
        // Text and JSON reports of a parsed document or folder for `nibviz inspect`.
        .target(name: "NibInspect", dependencies: ["NibModel", "NibParsing"]),
        // What a class has: the curated UIKit/AppKit class tables and lookups over a class table
        // (superclass chain, KVC keys, ivars, actions, overridden selectors).
        .target(name: "NibClasses", dependencies: ["NibModel"]),
        // The rule catalog: every rule nibviz implements (SPEC's R-… and its own R-LAUNCH, R-SB,
        // R-SRC, R-CHK) as a value with id, summary and sources, in SPEC order; imports nothing.
        .target(name: "NibRules"),
        // The engine: (graph, scenario) → timeline, each event citing its rule; no I/O.
        .target(name: "NibSimulation", dependencies: ["NibModel", "NibRules", "NibClasses"]),
        // Swift and Objective-C sources → class tables (the value a scenario's `classes:` holds).
        .target(
            name: "NibSources",
            dependencies: [
                "NibModel", "NibClasses", "NibParsing", "CStringSearch",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        // IB documents checked against class tables from sources: located findings (`nibviz check`).
        .target(name: "NibCheck", dependencies: ["NibModel", "NibRules", "NibClasses", "NibSources"]),
        // The DOT value model, its encoder with the one DOT quoting, and the visual style every
        // drawing shares (roles, palette, type scale, SVG theming and metrics).
        .target(name: "NibDOT", dependencies: ["NibModel"]),
        // Byte searches through rendered SVG and pages: the C library's `memmem`, and scans 16 bytes at a time.
        .target(name: "CStringSearch"),
        // Model and timelines to the five diagrams as deterministic DOT text.
        .target(name: "NibDiagrams", dependencies: ["NibModel", "NibDOT"]),
        // libgvc as a system library (module map + shim header).
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),
        // C helpers libgvc needs callbacks for: a creation-order id discipline, a memory reader,
        // error capture, a text layout plugin remembering Pango's measurements, and the SVG
        // renderer's coordinate printer (`gvprintdouble`). Kept in C because they hold C state
        // behind C function pointers or stand in for a C function.
        .target(name: "GraphvizShim", dependencies: ["CGraphviz"]),
        // The only unsafe code: DOT → SVG/PNG/PDF bytes through libgvc, plus the worker pool.
        .target(name: "GraphvizRender", dependencies: ["CGraphviz", "GraphvizShim"]),
        // The file-system edge where nibviz writes: owned output folders with a marker, locks,
        // atomic file writes and write-through of special files.
        .target(name: "NibOutput"),
        // The semantic diff of two document versions: matching, every property with its category,
        // risk notes, simulated consequences, textconv. Values only, no reports.
        .target(name: "NibDiffing", dependencies: ["NibModel", "NibParsing", "NibSimulation"]),
        // Review reports of a diff (text, Markdown, JSON, Mermaid, Graphviz) and `review` over git.
        .target(name: "NibReview", dependencies: ["NibModel", "NibDiffing", "NibParsing", "NibOutput", "NibDOT", "GraphvizRender"]),
        // The site's content and pages: everything read once, pages planned as values, HTML files.
        .target(
            name: "NibSite",
            dependencies: [
                "NibModel", "NibParsing", "NibScenario", "NibRules", "NibSimulation", "NibDOT", "NibDiagrams", "NibCheck",
                .product(name: "Plot", package: "Plot"),
                .product(name: "Ink", package: "Ink"),
            ]
        ),
        // The site build: steps, diagram rendering through the worker pool and cache, writing, timings.
        .target(
            name: "NibSiteBuild",
            dependencies: [
                "NibModel", "NibParsing", "NibScenario", "NibSimulation", "NibSite", "NibDOT", "NibDiagrams", "GraphvizRender",
                "NibOutput", "NibSources", "NibCheck", "NibPipeline", "CMalloc",
            ]
        ),
        // glibc's allocator settings (`mallopt`), for the site build's arena cap.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // One input through the pipeline for the commands: a path (document, compiled nib, scenario,
        // or inside an .ipa) read, simulated and drawn: its timeline, its diagram parts, a folder's
        // render batch.
        .target(
            name: "NibPipeline",
            dependencies: [
                "NibModel", "NibParsing", "NibAppArchive", "NibScenario", "NibInspect", "NibSimulation", "NibSources", "NibDOT",
                "NibDiagrams", "GraphvizRender", "NibOutput",
            ]
        ),
        // ArgumentParser commands: read, call the libraries, write.
        .target(
            name: "NibVizCLI",
            dependencies: [
                "NibModel", "NibParsing", "NibScenario", "NibInspect", "NibSimulation", "NibDOT", "NibDiagrams", "NibPipeline",
                "GraphvizRender",
                "NibSite", "NibSiteBuild", "NibReview", "NibOutput", "NibSources", "NibCheck", "NibAppArchive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Exports the shim's `delete_fast_node` so the dot layout plugin's calls land there
        // (GraphvizShim/FastNodeList.c); the linker exports `gvprintdouble` unasked, as libgvc
        // defines it too.
        .executableTarget(name: "nibviz", dependencies: ["NibVizCLI"], linkerSettings: fastNodeListExport),
        // `make bench`: throughput figures as ratios against baselines measured in the same run.
        .executableTarget(
            name: "NibVizBench",
            dependencies: [
                "GraphvizRender", "NibParsing", "NibCompiled", "NibScenario", "NibModel", "NibSite", "NibSiteBuild", "NibDiagrams",
                "NibSimulation",
                "NibDiffing", "NibReview", "NibSources", "NibOutput",
            ],
            linkerSettings: fastNodeListExport
        ),
        // `make fuzz`: mutation fuzzer driving the built binary over Tests/Fuzz/seeds/<format>/.
        .executableTarget(name: "NibVizFuzz"),
        // Golden files, paths and a process runner shared by the test targets.
        .target(name: "NibTestSupport", dependencies: ["CLibArchive"], path: "Tests/NibTestSupport"),
        .testTarget(name: "NibModelTests", dependencies: ["NibTestSupport", "NibModel"]),
        .testTarget(name: "NibAppArchiveTests", dependencies: ["NibTestSupport", "NibAppArchive", "NibOutput", "NibModel"]),
        .testTarget(
            name: "NibCompiledTests", dependencies: ["NibTestSupport", "NibCompiled", "NibParsing", "NibInspect", "NibModel"],
            exclude: ["__Fixtures__", "__Snapshots__"]),
        .testTarget(
            name: "NibParsingTests", dependencies: ["NibTestSupport", "NibParsing", "NibScenario", "NibInspect", "NibModel", "NibOutput"],
            exclude: ["__Fixtures__", "__Snapshots__"]),
        .testTarget(
            name: "NibSimulationTests",
            dependencies: ["NibTestSupport", "NibRules", "NibSimulation", "NibParsing", "NibScenario", "NibModel"],
            exclude: ["__Fixtures__", "__Snapshots__"]),
        .testTarget(
            name: "NibDiagramsTests",
            dependencies: [
                "NibTestSupport", "NibDOT", "NibDiagrams", "NibModel", "NibParsing", "NibScenario", "NibSimulation", "GraphvizRender",
            ],
            exclude: ["__Snapshots__", "__Fixtures__"]
        ),
        .testTarget(name: "GraphvizRenderTests", dependencies: ["NibTestSupport", "GraphvizRender"], linkerSettings: fastNodeListExport),
        .testTarget(
            name: "NibSiteTests",
            dependencies: [
                "NibTestSupport", "NibSite", "NibSiteBuild", "GraphvizRender", "NibModel", "NibParsing", "NibScenario", "NibRules",
                "NibSimulation",
            ],
            exclude: ["__Fixtures__"]),
        .testTarget(
            name: "NibReviewTests", dependencies: ["NibTestSupport", "NibDiffing", "NibReview", "NibParsing", "NibModel", "NibSimulation"],
            exclude: ["__Snapshots__", "__Fixtures__"]),
        .testTarget(name: "NibVizCLITests", dependencies: ["NibTestSupport", "NibOutput"], exclude: ["__Fixtures__"]),
        .testTarget(name: "NibOutputTests", dependencies: ["NibTestSupport", "NibOutput"]),
        .testTarget(
            name: "NibSourcesTests",
            dependencies: [
                "NibTestSupport", "NibSources", "NibCheck", "NibParsing", "NibScenario", "NibModel", "NibSimulation",
                // SwiftSyntax's own locations, which `LineStarts` must give.
                .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            exclude: ["__Fixtures__", "__Snapshots__"]),
    ]
)
