// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: Swift 6 language mode plus the upcoming features
/// STYLE.md asks for, so existential and import mistakes surface at compile time.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "IntentBridge",
  // Built and tested on Linux; Apple platforms are checked at source level only
  // (Scripts/check_portability.py): every operating-system call is in IntentBridgeSystem.
  // The library product builds for iOS; the executable (CLI, MCP server, handler processes)
  // is for Linux and macOS.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .executable(name: "intentbridge", targets: ["IntentBridgeExecutable"]),
    // `import IntentBridge`: the engine (load, rank, resolve), tool definitions, importers and
    // evaluation (README, "Use as a library").
    .library(name: "IntentBridge", targets: ["IntentBridge"]),
  ],
  targets: [
    // Leaf: every direct operating-system call (files, memory maps, descriptors, threads,
    // processes, signals, clocks, dlopen, errno, libc math), with the Darwin, Glibc and Musl
    // branches side by side; no other module imports a C library module.
    .target(name: "IntentBridgeSystem", swiftSettings: strictSettings),
    // Leaf: ordered JSON value, strict parser with line:column, deterministic writer.
    .target(name: "IntentBridgeJSON", swiftSettings: strictSettings),
    // Leaf: text analysis (folding, tokens, stems, compounds, typo tolerance) shared by
    // indexing, querying and filling.
    .target(name: "IntentBridgeText", dependencies: ["IntentBridgeBinary"], swiftSettings: strictSettings),
    // Leaf: flat little-endian binary files (writer, bounds-checked reader, memory-mapped
    // byte stores, `BinaryCodable`) shared by the model cache and the index file.
    .target(name: "IntentBridgeBinary", dependencies: ["IntentBridgeSystem"], swiftSettings: strictSettings),
    // Leaf: independent parts of a build run on every core, with results in a fixed order
    // (`sideBySide`, `concurrentMap`).
    .target(name: "IntentBridgeConcurrency", dependencies: ["IntentBridgeSystem"], swiftSettings: strictSettings),
    // Catalog v1: model, loading with diagnostics, phrase templates, lint.
    .target(
      name: "IntentBridgeCatalog", dependencies: ["IntentBridgeJSON", "IntentBridgeText", "IntentBridgeSystem"], swiftSettings: strictSettings),
    // Importers: foreign formats (Xcode actionsdata, tool lists) → catalog v1 JSON documents.
    .target(
      name: "IntentBridgeImport", dependencies: ["IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeSystem"], swiftSettings: strictSettings),
    // Index: intent documents, BM25F keyword index, the index file and vector search.
    .target(
      name: "IntentBridgeIndex",
      dependencies: [
        "IntentBridgeBinary", "IntentBridgeConcurrency", "IntentBridgeCatalog", "IntentBridgeText", "IntentBridgeJSON", "IntentBridgeSystem",
      ],
      swiftSettings: strictSettings),
    // Templates: phrase templates compiled for approximate matching (ranking evidence, slot filling).
    .target(
      name: "IntentBridgeTemplates", dependencies: ["IntentBridgeBinary", "IntentBridgeCatalog", "IntentBridgeText", "IntentBridgeJSON"],
      swiftSettings: strictSettings),
    // Filling: typed extractors (numbers, durations, dates/times, booleans, URLs, emails, quotes).
    .target(
      name: "IntentBridgeFilling",
      dependencies: ["IntentBridgeText", "IntentBridgeCatalog", "IntentBridgeTemplates", "IntentBridgeJSON"],
      swiftSettings: strictSettings),
    // Ranking: fusion of keyword and embedding scores, calibrated confidence, no match.
    .target(
      name: "IntentBridgeRanking",
      dependencies: [
        "IntentBridgeBinary", "IntentBridgeConcurrency", "IntentBridgeIndex", "IntentBridgeTemplates", "IntentBridgeCatalog", "IntentBridgeText",
        "IntentBridgeJSON", "IntentBridgeSystem",
      ],
      swiftSettings: strictSettings),
    // Facade: catalog → compiled catalog + model + vectors → ranking and filling; the one door
    // of the CLI, the MCP server, evaluation and library users.
    .target(
      name: "IntentBridgeEngine",
      dependencies: [
        "IntentBridgeBinary", "IntentBridgeCatalog", "IntentBridgeConcurrency", "IntentBridgeIndex", "IntentBridgeRanking",
        "IntentBridgeTemplates", "IntentBridgeEmbedding", "IntentBridgeFilling", "IntentBridgeJSON", "IntentBridgeText", "IntentBridgeSystem",
      ],
      swiftSettings: strictSettings),
    // The library product's module: re-exports the engine, tools, importers and evaluation.
    .target(
      name: "IntentBridge",
      dependencies: ["IntentBridgeEngine", "IntentBridgeTools", "IntentBridgeImport", "IntentBridgeEval"],
      swiftSettings: strictSettings),
    // Tool definitions: JSON Schema builder, dialect renderers, argument validation.
    .target(
      name: "IntentBridgeTools", dependencies: ["IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeText"],
      swiftSettings: strictSettings),
    // Embedding runtimes: tokenizer.json (Unigram, WordPiece), static Model2Vec models
    // (safetensors), and the transformer encoder (encoder file, int8 matrix kernels).
    .target(
      name: "IntentBridgeEmbedding",
      dependencies: ["IntentBridgeJSON", "IntentBridgeBinary", "IntentBridgeConcurrency", "IntentBridgeSystem", "CIntentBridgeKernels"],
      swiftSettings: strictSettings),
    // The project's only C: the encoder's int8 matrix kernels per instruction set (AVX-512 VNNI,
    // AVX2, NEON dot product), chosen at run time; IntentBridgeEmbedding's `MatrixKernel` has
    // the portable Swift version every kernel is tested against.
    .target(name: "CIntentBridgeKernels"),
    // Evaluation: labelled request sets, metrics, confusions, discoverability advice, reports.
    .target(
      name: "IntentBridgeEval",
      dependencies: ["IntentBridgeEngine", "IntentBridgeText", "IntentBridgeSystem"],
      swiftSettings: strictSettings),
    // MCP server: JSON-RPC over lines, both protocol eras, tools/prompts/completion, handlers
    // (child processes: Linux and macOS; used by the CLI, not part of the library product).
    .target(
      name: "IntentBridgeMCP",
      dependencies: [
        "IntentBridgeEngine", "IntentBridgeTools", "IntentBridgeText", "IntentBridgeSystem", "IntentBridgeBinary", "IntentBridgeJSON",
        "IntentBridgeCatalog",
      ],
      swiftSettings: strictSettings),
    // Command-line interface: argument parsing, subcommands, error rendering (Linux and macOS).
    .target(
      name: "IntentBridgeCLI",
      dependencies: [
        "IntentBridgeEngine", "IntentBridgeTools", "IntentBridgeImport", "IntentBridgeMCP", "IntentBridgeEval", "IntentBridgeText",
        "IntentBridgeSystem", "IntentBridgeBinary",
      ],
      swiftSettings: strictSettings),
    // The `intentbridge` executable: hands the command line over to IntentBridgeCLI.
    .executableTarget(
      name: "IntentBridgeExecutable", dependencies: ["IntentBridgeCLI"], swiftSettings: strictSettings),
    // Benchmarks print figures next to a baseline measured in the same run (release build).
    .executableTarget(
      name: "intentbridge-bench",
      dependencies: [
        "IntentBridgeCatalog", "IntentBridgeTools", "IntentBridgeJSON", "IntentBridgeEmbedding", "IntentBridgeEngine",
        "IntentBridgeMCP", "IntentBridgeTestSupport", "IntentBridgeImport", "IntentBridgeText",
      ],
      path: "Benchmarks/IntentBridgeBenchmarks", swiftSettings: strictSettings),

    .target(
      name: "IntentBridgeTestSupport", dependencies: ["IntentBridgeText", "IntentBridgeBinary", "IntentBridgeJSON"],
      path: "Tests/IntentBridgeTestSupport", swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeJSONTests", dependencies: ["IntentBridgeJSON", "IntentBridgeTestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeBinaryTests", dependencies: ["IntentBridgeBinary", "IntentBridgeTestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeTextTests", dependencies: ["IntentBridgeText", "IntentBridgeBinary", "IntentBridgeTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeCatalogTests", dependencies: ["IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeToolsTests",
      dependencies: ["IntentBridgeTools", "IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeTestSupport"],
      exclude: ["Golden"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeImportTests", dependencies: ["IntentBridgeImport", "IntentBridgeJSON", "IntentBridgeTestSupport"],
      exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeEmbeddingTests",
      dependencies: ["IntentBridgeEmbedding", "IntentBridgeBinary", "IntentBridgeSystem", "IntentBridgeJSON", "IntentBridgeTestSupport"],
      exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeIndexTests",
      dependencies: [
        "IntentBridgeIndex", "IntentBridgeBinary", "IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeText", "IntentBridgeTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeTemplatesTests",
      dependencies: [
        "IntentBridgeTemplates", "IntentBridgeBinary", "IntentBridgeEngine", "IntentBridgeCatalog", "IntentBridgeText", "IntentBridgeJSON",
        "IntentBridgeTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeConcurrencyTests", dependencies: ["IntentBridgeConcurrency"], swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeRankingTests",
      dependencies: [
        "IntentBridgeRanking", "IntentBridgeBinary", "IntentBridgeIndex", "IntentBridgeTemplates", "IntentBridgeText", "IntentBridgeCatalog",
        "IntentBridgeEngine", "IntentBridgeImport", "IntentBridgeJSON", "IntentBridgeTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeEngineTests",
      dependencies: [
        "IntentBridgeEngine", "IntentBridgeBinary", "IntentBridgeIndex", "IntentBridgeTools", "IntentBridgeCatalog", "IntentBridgeJSON",
        "IntentBridgeImport", "IntentBridgeTestSupport", "IntentBridgeEmbedding",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeMCPTests",
      dependencies: [
        "IntentBridgeMCP", "IntentBridgeEngine", "IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeTools", "IntentBridgeTestSupport",
        "IntentBridgeBinary",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeFillingTests",
      dependencies: [
        "IntentBridgeFilling", "IntentBridgeCatalog", "IntentBridgeText", "IntentBridgeTestSupport",
        // ExtremeNumberTests: parameter filling (engine), argument validation (tools), JSON.
        "IntentBridgeEngine", "IntentBridgeTools", "IntentBridgeJSON",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeEvalTests",
      dependencies: [
        "IntentBridgeEval", "IntentBridgeEngine", "IntentBridgeRanking", "IntentBridgeCatalog", "IntentBridgeJSON", "IntentBridgeImport",
        "IntentBridgeTestSupport",
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "IntentBridgeCLITests",
      dependencies: [
        "IntentBridgeCLI", "IntentBridgeImport", "IntentBridgeIndex", "IntentBridgeTools", "IntentBridgeCatalog", "IntentBridgeJSON",
        "IntentBridgeTestSupport",
      ],
      swiftSettings: strictSettings),
  ],
  swiftLanguageModes: [.v6]
)
