import IntentBridgeJSON

/// The catalog's `app`: its name from `Info.plist` (`CFBundleDisplayName`, else
/// `CFBundleName`) with translations from the `InfoPlist` strings table, else the name of
/// the folder that was imported; the bundle identifier when `Info.plist` spells it out; the
/// default language of the String Catalogs and every language they hold.
extension SwiftCatalogBuilder {
  static let nameKeys = ["CFBundleDisplayName", "CFBundleName"]

  mutating func appInfo() -> JSONObject {
    let path = JSONPath.root / "app" / "name"
    var app = JSONObject()
    var plistName: (String, String, FileLocation)?
    var bundleIdentifier: String?
    if let plist = options.infoPlist {
      let text = LocalizedStrings.decodeText(plist.bytes)
      for key in Self.nameKeys {
        if let value = Self.plistString(text, key: key), !value.hasPrefix("$(") {
          plistName = (key, value, FileLocation(file: plist.name, line: Self.line(of: "<key>\(key)</key>", in: text), column: 1))
          break
        }
      }
      if let value = Self.plistString(text, key: "CFBundleIdentifier"), !value.hasPrefix("$("), !value.isEmpty { bundleIdentifier = value }
    }
    let tableKey = Self.nameKeys.first { strings.entry(table: "InfoPlist", key: $0) != nil }
    let fallback = options.appName ?? "App"
    let key = plistName?.0 ?? tableKey ?? "CFBundleDisplayName"
    let location =
      plistName?.2 ?? strings.entry(table: "InfoPlist", key: key)?.values.first?.location
      ?? FileLocation(file: options.upstream.first ?? fallback, line: 1, column: 1)
    if plistName == nil && tableKey == nil {
      recorder.warn(
        location,
        "no app name in Info.plist (CFBundleDisplayName, CFBundleName) or an InfoPlist strings table; named the app '\(fallback)' after the imported folder"
      )
    }
    let text = SwiftText(key: key, defaultValue: plistName?.1 ?? fallback, table: "InfoPlist", location: location)
    app["name"] = localized(text, defaultTable: "InfoPlist", path: path)
    if let bundleIdentifier { app["bundleIdentifier"] = .string(bundleIdentifier) }
    app["defaultLanguage"] = .string(defaultLanguage)
    app["languages"] = .array(languages.map(JSONValue.string))
    return app
  }

  /// The `<string>` after `<key>key</key>` in a property list (XML), entities decoded.
  static func plistString(_ text: String, key: String) -> String? {
    guard let keyRange = text.firstRange(of: "<key>\(key)</key>") else { return nil }
    let rest = text[keyRange.upperBound...].drop { $0.isWhitespace }
    guard rest.hasPrefix("<string>"), let close = rest.firstRange(of: "</string>") else { return nil }
    let value = rest[rest.index(rest.startIndex, offsetBy: "<string>".count)..<close.lowerBound]
    return String(value)
      .replacing("&lt;", with: "<").replacing("&gt;", with: ">")
      .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
      .replacing("&amp;", with: "&")
  }

  static func line(of needle: String, in text: String) -> Int {
    guard let range = text.firstRange(of: needle) else { return 1 }
    return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
  }
}
