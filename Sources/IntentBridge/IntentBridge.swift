// IntentBridge as a library: `import IntentBridge` gives the engine (load a catalog with its
// model and vectors, rank, resolve), tool definitions and argument validation, importers and
// offline evaluation. See the README's "Use as a library".
@_exported import IntentBridgeEngine
@_exported import IntentBridgeEval
@_exported import IntentBridgeImport
@_exported import IntentBridgeTools
