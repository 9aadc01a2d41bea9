// swift-tools-version:5.9
// Fixture (never built): nibviz reads the targets' folders to decide modules (R-SRC-5).
import PackageDescription

let package = Package(
    name: "ShopKit",
    targets: [
        .target(name: "Widgets"),
        .target(name: "Core-Kit", path: "CoreKit"),
    ]
)
