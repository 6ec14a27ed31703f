import Foundation
import IntentBridgeImport
import IntentBridgeJSON
import IntentBridgeTestSupport
import Testing

// MARK: Helpers

/// Our synthetic sample lives in Examples/actionsdata; the real Xcode sample (macOS Weather)
/// is development data, read from `DevData` (`actionsdata/weather.actionsdata`).
private enum Fixture {
  static let weather = DevData.path("actionsdata/weather.actionsdata")
  static let trailmark = Repository.path("Examples/actionsdata/extract.actionsdata")

  static func document(_ path: String) throws -> JSONValue {
    let data = try #require(FileManager.default.contents(atPath: path), "fixture \(path) is missing")
    return try JSONParser.parse(bytes: Array(data))
  }
}

private func importWeather() throws -> (document: JSONValue, result: ImportResult) {
  let document = try Fixture.document(Fixture.weather)
  return (document, ActionsDataImporter.importCatalog(document, fileName: "weather.actionsdata"))
}

private func importTrailmark() throws -> (document: JSONValue, result: ImportResult) {
  let document = try Fixture.document(Fixture.trailmark)
  return (document, ActionsDataImporter.importCatalog(document, fileName: "extract.actionsdata"))
}

private func importText(_ text: String, fileName: String = "test.actionsdata") throws -> ImportResult {
  var options = JSONParser.Options()
  options.maximumDepth = 10_000
  return ActionsDataImporter.importCatalog(try JSONParser.parse(text, options: options), fileName: fileName)
}

private func intent(_ catalog: JSONValue, _ id: String) -> JSONValue? {
  catalog["intents"]?.arrayValue?.first { $0["id"] == .string(id) }
}

private func parameter(_ catalog: JSONValue, _ intentId: String, _ name: String) -> JSONValue? {
  intent(catalog, intentId)?["parameters"]?.arrayValue?.first { $0["name"] == .string(name) }
}

private func enumType(_ catalog: JSONValue, _ id: String) -> JSONValue? {
  catalog["enums"]?.arrayValue?.first { $0["id"] == .string(id) }
}

/// `source.raw` followed by `keys`.
private func raw(_ catalog: JSONValue, _ keys: String...) -> JSONValue? {
  var value = catalog["source"]?["raw"]
  for key in keys { value = value?[key] }
  return value
}

private func warningPaths(_ result: ImportResult) -> [String] {
  result.warnings.map(\.path.description)
}

private let catalogKeys = ["formatVersion", "app", "intents", "enums", "entities", "appShortcuts", "negativePhrases", "source"]

// MARK: The Weather sample (development data)

/// The real file of macOS Weather.app, when the development data is there.
@Suite(.enabled(if: DevData.has("actionsdata/weather.actionsdata"), Comment(rawValue: DevData.skipNote("actionsdata/weather.actionsdata"))))
struct WeatherImportTests {
  @Test func importsTheSixActionsAsIntentsInFileOrder() throws {
    let (_, result) = try importWeather()
    let ids = result.catalog["intents"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(
      ids == [
        "OpenMoonIntent", "OpenNotificationsConfigurationIntent", "OpenSunriseSunsetIntent",
        "OpenUnitsConfigurationIntent", "OpenWeatherAirQualityIntent", "OpenWeatherSpecificConditionIntent",
      ])
  }

  @Test func writesTheCatalogTopLevelInOrderWithProvenance() throws {
    let (_, result) = try importWeather()
    let catalog = try #require(result.catalog.objectValue)
    #expect(catalog.keys == catalogKeys)
    #expect(catalog["formatVersion"] == 1)
    #expect(catalog["app"] == ["name": "Weather", "defaultLanguage": "en"])
    #expect(result.catalog["source"]?["kind"] == "actionsdata")
    #expect(result.catalog["source"]?["generator"] == "xcode-tools 17E6107 / metadata 1")
    #expect(result.catalog["source"]?["upstream"] == "weather.actionsdata")
    #expect(result.catalog["appShortcuts"] == [])
    #expect(result.catalog["negativePhrases"] == [])
  }

  @Test func carriesTitlesAndDescriptionsOver() throws {
    let (_, result) = try importWeather()
    let moon = try #require(intent(result.catalog, "OpenMoonIntent"))
    #expect(moon["title"] == "Open Moon Details")
    #expect(moon["description"] == "Opens Weather and shows moon details")
    #expect(parameter(result.catalog, "OpenMoonIntent", "location")?["title"] == "Location")
    #expect(parameter(result.catalog, "OpenMoonIntent", "location")?["description"] == "Location to show moon details for")
    #expect(
      intent(result.catalog, "OpenUnitsConfigurationIntent")?["description"]
        == "Opens the Units panel to change temperature, wind, precipitation, pressure and distance unit settings used by Weather.")
    // Empty `searchKeywords` lists are not written.
    #expect(moon["searchKeywords"] == nil)
  }

  @Test func mapsParameterTypesDefaultsAndOptionality() throws {
    let (_, result) = try importWeather()
    let position = try #require(parameter(result.catalog, "OpenWeatherAirQualityIntent", "position"))
    #expect(position["type"] == ["enum": "AirQualityPosition"])
    #expect(position["default"] == "top")
    #expect(position["optional"] == false)

    let temperature = try #require(parameter(result.catalog, "OpenWeatherSpecificConditionIntent", "temperatureKind"))
    #expect(temperature["optional"] == true)
    #expect(temperature["default"] == "actual")

    let location = try #require(parameter(result.catalog, "OpenWeatherSpecificConditionIntent", "location"))
    #expect(location["type"] == ["entity": "LocationSearchEntity"])
    #expect(location["optional"] == false)
    #expect(location["default"] == nil)

    let date = try #require(parameter(result.catalog, "OpenWeatherSpecificConditionIntent", "date"))
    #expect(date.objectValue?.keys == ["name", "title", "description", "type", "optional", "dateKind"])
    #expect(date["type"] == "date")
    #expect(date["dateKind"] == "dateTime")
  }

  @Test func importsEnumsWithSynonymsAndImages() throws {
    let (_, result) = try importWeather()
    let ids = result.catalog["enums"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(ids == ["AirQualityPosition", "SpecificConditionKind", "DetailKind", "TemperatureKind"])

    let position = try #require(enumType(result.catalog, "AirQualityPosition"))
    #expect(position["title"] == "Position")
    let details = try #require(position["cases"]?[1])
    #expect(details["value"] == "details")
    #expect(details["title"] == "Pollutant Details")
    #expect(details["synonyms"]?.arrayValue?.contains("Carbon Monoxide") == true)
    #expect(details["synonyms"]?.arrayValue?.count == 24)

    let humidity = try #require(enumType(result.catalog, "SpecificConditionKind")?["cases"]?[1])
    #expect(humidity == ["value": "humidity", "title": "Humidity", "synonyms": ["Dew point"], "image": "humidity"])
    #expect(enumType(result.catalog, "DetailKind")?["cases"]?.arrayValue?.count == 18)
    // A case whose synonyms list is empty gets no synonyms member.
    #expect(position["cases"]?[0] == ["value": "top", "title": "Top"])
  }

  @Test func importsTheEntityWithItsInferredQueryKind() throws {
    let (_, result) = try importWeather()
    #expect(
      result.catalog["entities"] == [
        [
          "id": "LocationSearchEntity", "title": "Location",
          "properties": [
            ["name": "name", "title": "Name", "type": "string", "optional": false],
            ["name": "placemark", "title": "Placemark", "type": "placemark", "optional": false],
          ],
          "query": ["kind": "property"],
        ]
      ])
  }

  /// `supportedModes` 1 goes with `openAppWhenRun: false` and 2 with `true` in this file.
  @Test func mapsModesVisibilityPolicyAndProtocols() throws {
    let (_, result) = try importWeather()
    let moon = try #require(intent(result.catalog, "OpenMoonIntent"))
    #expect(moon["supportedModes"] == ["background"])
    #expect(moon["isDiscoverable"] == true)
    #expect(moon["assistantOnly"] == false)
    #expect(moon["authenticationPolicy"] == "alwaysAllowed")
    #expect(moon["systemProtocols"] == ["URLRepresentable"])
    #expect(moon["effects"] == nil)
    let units = try #require(intent(result.catalog, "OpenUnitsConfigurationIntent"))
    #expect(units["supportedModes"] == ["foreground"])
    #expect(units["systemProtocols"] == nil)
    #expect(units["parameters"] == nil)
  }

  @Test func takesThePlainSummaryAndTheOtherwiseBranchOfAConditionalOne() throws {
    let (document, result) = try importWeather()
    #expect(intent(result.catalog, "OpenMoonIntent")?["parameterSummary"] == "Open moon details for ${location}")
    #expect(intent(result.catalog, "OpenWeatherSpecificConditionIntent")?["parameterSummary"] == "Open ${specificCondition} for ${location}")
    let warning = try #require(result.warnings.first { $0.path.description == "$.actions.OpenWeatherSpecificConditionIntent.actionConfiguration" })
    #expect(warning.message.contains("When/Switch on 'specificCondition'"))
    #expect(warning.message.contains("kept under source.raw.actions.OpenWeatherSpecificConditionIntent.actionConfiguration"))
    #expect(
      raw(result.catalog, "actions", "OpenWeatherSpecificConditionIntent", "actionConfiguration")
        == document["actions"]?["OpenWeatherSpecificConditionIntent"]?["actionConfiguration"])
  }

  struct RawKept: Sendable, CustomTestStringConvertible {
    let warningPath: String
    let rawKeys: [String]
    let value: JSONValue
    var testDescription: String { warningPath }
  }

  @Test(arguments: [
    RawKept(warningPath: "$.actions.OpenMoonIntent.outputFlags", rawKeys: ["actions", "OpenMoonIntent", "outputFlags"], value: 8),
    RawKept(warningPath: "$.actions.OpenMoonIntent.presentationStyle", rawKeys: ["actions", "OpenMoonIntent", "presentationStyle"], value: 0),
    RawKept(
      warningPath: "$.actions.OpenWeatherAirQualityIntent.parameters[1].capabilities",
      rawKeys: ["actions", "OpenWeatherAirQualityIntent", "parameters", "position", "capabilities"], value: 1),
    RawKept(
      warningPath: "$.actions.OpenWeatherAirQualityIntent.actionConfiguration.actionSummary.wrapper.otherParameterIdentifiers",
      rawKeys: ["actions", "OpenWeatherAirQualityIntent", "actionConfiguration", "actionSummary", "wrapper", "otherParameterIdentifiers"],
      value: ["position"]),
    RawKept(
      warningPath: "$.queries.LocationSearchEntityQuery.capabilities", rawKeys: ["queries", "LocationSearchEntityQuery", "capabilities"], value: 78),
    RawKept(
      warningPath: "$.queries.LocationSearchEntityQuery.parameters",
      rawKeys: ["queries", "LocationSearchEntityQuery", "parameters"],
      value: [
        [
          "comparators": [["comparatorTypeValue": 6, "resolvableInputTypes": [], "valueType": ["primitive": ["wrapper": ["typeIdentifier": 0]]]]],
          "localizedTitle": ["alternatives": [], "key": "Name"],
          "propertyIdentifier": "name",
        ]
      ]),
    RawKept(
      warningPath: "$.entities.LocationSearchEntity.visibilityMetadata",
      rawKeys: ["entities", "LocationSearchEntity", "visibilityMetadata"], value: ["assistantOnly": true, "isDiscoverable": true]),
    RawKept(warningPath: "$.shortcutTileColor", rawKeys: ["shortcutTileColor"], value: 14),
  ])
  func keepsUnmappedFieldsRawWithAWarning(_ kept: RawKept) throws {
    let (_, result) = try importWeather()
    let warning = try #require(result.warnings.first { $0.path.description == kept.warningPath })
    let location = "source.raw." + kept.rawKeys.joined(separator: ".")
    #expect(warning.message.hasSuffix("kept under \(location)"))
    var value = result.catalog["source"]?["raw"]
    for key in kept.rawKeys { value = value?[key] }
    #expect(value == kept.value)
  }

  @Test func keepsOnlyWhatWasNotMappedInRaw() throws {
    let (_, result) = try importWeather()
    let rawSource = try #require(result.catalog["source"]?["raw"]?.objectValue)
    #expect(rawSource.keys == ["entities", "actions", "queries", "shortcutTileColor"])
    #expect(
      raw(result.catalog, "actions", "OpenMoonIntent")?.objectValue?.keys
        == ["parameters", "outputFlags", "presentationStyle", "requiredCapabilities"])
    #expect(
      raw(result.catalog, "actions", "OpenMoonIntent", "parameters", "location")?.objectValue?.keys
        == ["capabilities", "dynamicOptionsSupport", "inputConnectionBehavior", "isInput", "resolvableInputTypes"])
    #expect(raw(result.catalog, "queries", "LocationSearchEntityQuery")?.objectValue?.keys == ["capabilities", "parameters", "sortingOptions"])
  }

  @Test func producesTheExpectedWarningsAllPointingIntoTheInput() throws {
    let (document, result) = try importWeather()
    #expect(result.warnings.count == 66)
    for warning in result.warnings {
      #expect(document[warning.path] != nil, "\(warning) names no value of the input")
      #expect(warning.message.contains("source.raw"), "\(warning) does not say where the value was kept")
    }
    let perField = Dictionary(grouping: result.warnings) { $0.path.components.last.map { "\($0)" } ?? "$" }
    #expect(perField["key(\"outputFlags\")"]?.count == 6)
    #expect(perField["key(\"isInput\")"]?.count == 8)
  }

  @Test func importIsDeterministicAndRoundTripsThroughTheWriter() throws {
    let (document, first) = try importWeather()
    let second = ActionsDataImporter.importCatalog(document, fileName: "weather.actionsdata")
    #expect(first.catalog == second.catalog)
    #expect(first.warnings == second.warnings)
    #expect(try JSONParser.parse(first.catalog.prettyText) == first.catalog)
  }
}

// MARK: Our synthetic sample (Examples/actionsdata/extract.actionsdata)

/// The constructs of the real file, on a file we wrote after the documented format: a hiking
/// app "Trailmark" with six intents, four enums, an entity with a property query, conditional
/// summaries, defaults of several types, a word-substituted mangled name and App Shortcuts.
@Suite struct TrailmarkImportTests {
  @Test func importsTheSixActionsAsIntentsInFileOrder() throws {
    let (_, result) = try importTrailmark()
    let ids = result.catalog["intents"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(
      ids == [
        "ExportTrackIntent", "LogSightingIntent", "OpenTrailmarkMapIntent", "SetRestReminderIntent", "ShowTrailConditionsIntent",
        "StartHikeIntent",
      ])
  }

  @Test func writesTheCatalogTopLevelInOrderWithProvenance() throws {
    let (_, result) = try importTrailmark()
    let catalog = try #require(result.catalog.objectValue)
    #expect(catalog.keys == catalogKeys)
    #expect(catalog["formatVersion"] == 1)
    #expect(catalog["app"] == ["name": "Trailmark", "defaultLanguage": "en"])
    #expect(result.catalog["source"]?["kind"] == "actionsdata")
    #expect(result.catalog["source"]?["generator"] == "xcode-tools 17E6107 / metadata 1")
    #expect(result.catalog["source"]?["upstream"] == "extract.actionsdata")
    #expect(result.catalog["negativePhrases"] == ["What's the weather", "Call a taxi"])
  }

  @Test func carriesTitlesDescriptionsKeywordsAndCategoriesOver() throws {
    let (_, result) = try importTrailmark()
    let sighting = try #require(intent(result.catalog, "LogSightingIntent"))
    #expect(sighting["title"] == "Log Wildlife Sighting")
    #expect(sighting["description"] == "Records an animal or plant seen on the way")
    #expect(sighting["categoryName"] == "Journal")
    #expect(sighting["searchKeywords"] == ["wildlife", "bird", "animal", "sighting"])
    #expect(parameter(result.catalog, "LogSightingIntent", "species")?["description"] == "What was seen")
    // Empty `searchKeywords` lists are not written.
    #expect(intent(result.catalog, "ExportTrackIntent")?["searchKeywords"] == nil)
  }

  @Test func mapsParameterTypesDefaultsAndOptionality() throws {
    let (_, result) = try importTrailmark()
    let layer = try #require(parameter(result.catalog, "OpenTrailmarkMapIntent", "layer"))
    #expect(layer["type"] == ["enum": "MapLayer"])
    #expect(layer["default"] == "terrain")
    #expect(layer["optional"] == false)

    let pace = try #require(parameter(result.catalog, "StartHikeIntent", "pace"))
    #expect(pace["optional"] == true)
    #expect(pace["default"] == "steady")
    #expect(parameter(result.catalog, "StartHikeIntent", "shareLocation")?["type"] == "boolean")
    #expect(parameter(result.catalog, "StartHikeIntent", "shareLocation")?["default"] == true)
    #expect(parameter(result.catalog, "LogSightingIntent", "count")?["type"] == "integer")
    #expect(parameter(result.catalog, "LogSightingIntent", "count")?["default"] == 1)
    #expect(parameter(result.catalog, "LogSightingIntent", "photo")?["type"] == "file")
    #expect(parameter(result.catalog, "SetRestReminderIntent", "interval")?["type"] == "duration")

    let trail = try #require(parameter(result.catalog, "StartHikeIntent", "trail"))
    #expect(trail["type"] == ["entity": "TrailEntity"])
    #expect(trail["optional"] == false)
    #expect(trail["default"] == nil)

    let seenAt = try #require(parameter(result.catalog, "LogSightingIntent", "seenAt"))
    #expect(seenAt.objectValue?.keys == ["name", "title", "description", "type", "optional", "dateKind"])
    #expect(seenAt["type"] == "date")
    #expect(seenAt["dateKind"] == "dateTime")
  }

  @Test func importsEnumsWithSynonymsSubtitlesAndImages() throws {
    let (_, result) = try importTrailmark()
    let ids = result.catalog["enums"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
    #expect(ids == ["HikePace", "MapLayer", "TrailCondition", "TrackFormat"])
    let pace = try #require(enumType(result.catalog, "HikePace"))
    #expect(pace["title"] == "Pace")
    #expect(pace["cases"]?[2] == ["value": "brisk", "title": "Brisk", "synonyms": ["fast", "quick", "power walk"], "image": "hare"])
    // A case whose synonyms list is empty gets no synonyms member.
    #expect(pace["cases"]?[1] == ["value": "steady", "title": "Steady", "image": "figure.walk"])
    let closures = try #require(enumType(result.catalog, "TrailCondition")?["cases"]?[3])
    #expect(closures["subtitle"] == "Paths shut by the park service")
    #expect(closures["synonyms"]?.arrayValue?.count == 4)
  }

  @Test func importsTheEntityWithItsInferredQueryKind() throws {
    let (_, result) = try importTrailmark()
    #expect(
      result.catalog["entities"] == [
        [
          "id": "TrailEntity", "title": "Trail",
          "properties": [
            ["name": "name", "title": "Name", "type": "string", "optional": false],
            ["name": "lengthKilometres", "title": "Length", "type": "number", "optional": false],
            ["name": "trailhead", "title": "Trailhead", "type": "placemark", "optional": true],
          ],
          "query": ["kind": "property"],
        ]
      ])
  }

  @Test func mapsModesVisibilityPolicyAndProtocols() throws {
    let (_, result) = try importTrailmark()
    let map = try #require(intent(result.catalog, "OpenTrailmarkMapIntent"))
    #expect(map["supportedModes"] == ["foreground"])
    #expect(map["systemProtocols"] == ["URLRepresentable"])
    #expect(map["authenticationPolicy"] == "alwaysAllowed")
    let export = try #require(intent(result.catalog, "ExportTrackIntent"))
    #expect(export["supportedModes"] == ["background"])
    #expect(export["authenticationPolicy"] == "requiresAuthentication")
    #expect(export["isDiscoverable"] == true)
    #expect(export["assistantOnly"] == false)
    #expect(export["systemProtocols"] == nil)
  }

  @Test func takesThePlainSummaryAndTheOtherwiseBranchOfAConditionalOne() throws {
    let (document, result) = try importTrailmark()
    #expect(intent(result.catalog, "OpenTrailmarkMapIntent")?["parameterSummary"] == "Open the ${layer} map of ${trail}")
    #expect(intent(result.catalog, "StartHikeIntent")?["parameterSummary"] == "Start hiking ${trail}")
    #expect(intent(result.catalog, "ShowTrailConditionsIntent")?["parameterSummary"] == "Show ${condition} on ${trail}")
    let warning = try #require(result.warnings.first { $0.path.description == "$.actions.StartHikeIntent.actionConfiguration" })
    #expect(warning.message.contains("When/Switch on 'pace'"))
    #expect(
      raw(result.catalog, "actions", "StartHikeIntent", "actionConfiguration")
        == document["actions"]?["StartHikeIntent"]?["actionConfiguration"])
  }

  /// `9Trailmark04OpenA9MapIntentV` uses a word substitution (`A` = "Trailmark"); it
  /// demangles to the fully qualified name, so nothing is said about it.
  @Test func aWordSubstitutedMangledNameThatAgreesRaisesNoWarning() throws {
    let (document, result) = try importTrailmark()
    #expect(document["actions"]?["OpenTrailmarkMapIntent"]?["mangledTypeName"] == "9Trailmark04OpenA9MapIntentV")
    #expect(!result.warnings.contains { $0.message.contains("mangledTypeName") })
  }

  @Test func importsAppShortcutsAndMovesAPhraseWithoutTheAppNameToItsIntent() throws {
    let (_, result) = try importTrailmark()
    #expect(
      result.catalog["appShortcuts"]?[0] == [
        "intent": "StartHikeIntent", "phrases": ["Start a hike with ${applicationName}", "Start hiking ${trail} in ${applicationName}"],
        "shortTitle": "Start Hike", "systemImageName": "figure.hiking", "parameter": "trail",
      ])
    #expect(result.catalog["appShortcuts"]?.arrayValue?.count == 2)
    #expect(intent(result.catalog, "StartHikeIntent")?["phrases"] == ["Let's go for a hike"])
    #expect(result.warnings.contains { $0.path.description == "$.autoShortcuts[0].phraseTemplates" })
  }

  @Test func keepsUnmappedFieldsRawWithAWarning() throws {
    let (document, result) = try importTrailmark()
    for (warningPath, keys) in [
      ("$.queries.TrailEntityQuery.parameters", ["queries", "TrailEntityQuery", "parameters"]),
      ("$.queries.TrailEntityQuery.sortingOptions", ["queries", "TrailEntityQuery", "sortingOptions"]),
      ("$.shortcutTileColor", ["shortcutTileColor"]),
      ("$.entities.TrailEntity.transient", ["entities", "TrailEntity", "transient"]),
    ] {
      let warning = try #require(result.warnings.first { $0.path.description == warningPath }, "\(warningPath)")
      #expect(warning.message.hasSuffix("kept under source.raw." + keys.joined(separator: ".")))
      var kept = result.catalog["source"]?["raw"]
      var original: JSONValue? = document
      for key in keys {
        kept = kept?[key]
        original = original?[key]
      }
      #expect(kept != nil && kept == original, "\(warningPath)")
    }
    #expect(raw(result.catalog, "queries", "TrailEntityQuery")?.objectValue?.keys == ["capabilities", "parameters", "sortingOptions"])
  }

  @Test func producesTheExpectedWarningsAllPointingIntoTheInput() throws {
    let (document, result) = try importTrailmark()
    #expect(result.warnings.count == 83)
    for warning in result.warnings {
      #expect(document[warning.path] != nil, "\(warning) names no value of the input")
    }
    let perField = Dictionary(grouping: result.warnings) { $0.path.components.last.map { "\($0)" } ?? "$" }
    #expect(perField["key(\"outputFlags\")"]?.count == 6)
    #expect(perField["key(\"isInput\")"]?.count == 14)
  }

  @Test func importIsDeterministicAndRoundTripsThroughTheWriter() throws {
    let (document, first) = try importTrailmark()
    let second = ActionsDataImporter.importCatalog(document, fileName: "extract.actionsdata")
    #expect(first.catalog == second.catalog)
    #expect(first.warnings == second.warnings)
    #expect(try JSONParser.parse(first.catalog.prettyText) == first.catalog)
  }
}

// MARK: Shapes from other Apple apps

@Suite struct ActionsDataShapeTests {
  /// Shapes seen in other apps' metadata: wrapped category names, strings tables, Switch
  /// summaries, supportedModes 4, codable Duration properties, negative phrase objects.
  static let richDocument = #"""
    {
      "version": 1,
      "generator": {"name": "xcode-tools", "version": "17E6107"},
      "actions": {
        "DeleteRecording": {
          "identifier": "DeleteRecording",
          "fullyQualifiedTypeName": "VoiceMemos.DeleteRecording",
          "mangledTypeName": "10VoiceMemos15DeleteRecordingV",
          "mangledTypeNameV2": "10VoiceMemos15DeleteRecordingV",
          "title": {"alternatives": [], "key": "DELETE_RECORDING_INTENT_TITLE", "table": "Localizable"},
          "descriptionMetadata": {
            "categoryName": {"title": {"alternatives": [], "key": "Recordings"}},
            "descriptionText": {"alternatives": [], "key": "Deletes recordings."},
            "searchKeywords": [{"alternatives": [], "key": "remove"}, {"alternatives": [], "key": "trash"}],
            "resultValueName": {"alternatives": [], "key": "Deleted Recording"}
          },
          "openAppWhenRun": false,
          "supportedModes": 1,
          "authenticationPolicy": 2,
          "isAuthPolExplicit": true,
          "parameters": [
            {"name": "entities", "isOptional": false, "typeSpecificMetadata": [],
             "valueType": {"array": {"wrapper": {"memberValueType": {"entity": {"wrapper": {"typeName": "RCRecordingEntity"}}}}}}}
          ],
          "systemProtocols": ["com.apple.link.systemProtocol.DeleteEntity"],
          "systemProtocolMetadata": ["com.apple.link.systemProtocol.DeleteEntity", {"empty": {}}],
          "outputType": {"entity": {"wrapper": {"typeName": "RCRecordingEntity"}}},
          "deprecationMetadata": {
            "messageText": {"alternatives": [], "key": "Use Remove Recording"},
            "replacedByIntentIdentifier": "RemoveRecording"
          },
          "assistantDefinedSchemas": [{"domain": "audio", "name": "deleteRecording"}],
          "availabilityAnnotations": {"LNPlatformNameWildcard": {"introducedVersion": "*"}},
          "visibilityMetadata": {"assistantOnly": true, "isDiscoverable": false}
        },
        "PlayRecording": {
          "identifier": "PlayRecording",
          "fullyQualifiedTypeName": "VoiceMemos.PlayRecording",
          "title": {"alternatives": [], "key": "Play Recording"},
          "openAppWhenRun": true,
          "supportedModes": 4,
          "actionConfiguration": {"switchStatement": {"wrapper": {
            "parameterIdentifier": "playbackType",
            "cases": [
              {"isDefaultCase": false,
               "value": {"array": {"values": [{"enumeration": {"identifier": "PlaybackType", "value": "specific"}}]}},
               "configuration": {"actionSummary": {"wrapper": {"otherParameterIdentifiers": [],
                 "summaryString": {"formatString": "Play ${playbackType} recording", "parameterIdentifiers": ["playbackType"]}}}}},
              {"isDefaultCase": true,
               "configuration": {"actionSummary": {"wrapper": {"otherParameterIdentifiers": [],
                 "summaryString": {"formatString": "Play the ${playbackType} one", "parameterIdentifiers": ["playbackType"]}}}}}
            ]}}},
          "parameters": [
            {"name": "playbackType", "isOptional": false,
             "valueType": {"linkEnumeration": {"wrapper": {"identifier": "PlaybackType"}}},
             "typeSpecificMetadata": ["LNValueTypeSpecificMetadataKeyDefaultValue", {"string": {"wrapper": "mostRecent"}}]},
            {"name": "loud", "isOptional": true,
             "valueType": {"primitive": {"wrapper": {"typeIdentifier": 1}}},
             "typeSpecificMetadata": ["LNValueTypeSpecificMetadataKeyDefaultValue", {"int": {"wrapper": 1}}]},
            {"name": "skip", "isOptional": true,
             "valueType": {"measurement": {"wrapper": {"unitType": 7}}},
             "typeSpecificMetadata": ["LNValueTypeMetadataKeyMeasurementDefaultUnitSymbol", {"string": {"wrapper": "min"}}]},
            {"name": "audioFile", "isOptional": true,
             "valueType": {"intents": {"wrapper": {"typeIdentifier": 12}}},
             "typeSpecificMetadata": ["LNValueTypeMetadataKeyFileSupportedTypes", {"array": {"elements": [{"string": {"wrapper": "public.audio"}}]}}]},
            {"name": "speed", "isOptional": true,
             "valueType": {"primitive": {"wrapper": {"typeIdentifier": 7}}},
             "typeSpecificMetadata": ["LNValueTypeSpecificMetadataKeyDefaultValue", {"double": {"wrapper": 1.5}}]},
            {"name": "day", "isOptional": true, "valueType": {"primitive": {"wrapper": {"typeIdentifier": 9}}}}
          ]
        }
      },
      "entities": {
        "RCRecordingEntity": {
          "typeName": "RCRecordingEntity",
          "fullyQualifiedTypeName": "VoiceMemos.RCRecordingEntity",
          "mangledTypeName": "10VoiceMemos17RCRecordingEntityV",
          "displayTypeName": {"alternatives": [], "key": "Recording"},
          "defaultQueryIdentifier": "VoiceMemos.RCRecordingEntityStringQuery",
          "visibilityMetadata": {"assistantOnly": false, "isDiscoverable": true},
          "properties": [
            {"identifier": "duration", "isOptional": false, "title": {"alternatives": [], "key": "Duration"},
             "valueType": {"entity": {"wrapper": {"typeName": "Swift.Duration",
               "codable": {"contentTypeIdentifier": "com.apple.Foundation.Duration", "mangledTypeName": "s8DurationV"}}}}}
          ]
        }
      },
      "queries": {
        "RCRecordingEntityStringQuery": {
          "capabilities": 70, "defaultQueryForEntity": true, "entityType": "RCRecordingEntity",
          "fullyQualifiedIdentifier": "VoiceMemos.RCRecordingEntityStringQuery", "identifier": "RCRecordingEntityStringQuery",
          "mangledTypeName": "10VoiceMemos28RCRecordingEntityStringQueryV",
          "parameters": [], "queryType": "RCRecordingEntityStringQuery", "sortingOptions": [],
          "resultValueType": {"entity": {"wrapper": {"typeName": "RCRecordingEntity"}}}
        }
      },
      "enums": [
        {"identifier": "PlaybackType", "fullyQualifiedTypeName": "VoiceMemos.PlaybackType", "mangledTypeName": "10VoiceMemos12PlaybackTypeO",
         "isSystem": false, "displayTypeName": {"alternatives": [], "key": "Playback"},
         "cases": [
           {"identifier": "mostRecent", "displayRepresentation": {
             "title": {"alternatives": [], "key": "Most Recent"}, "subtitle": {"alternatives": [], "key": "The last one you made"},
             "image": {"systemImageName": {"_0": "clock"}}, "imageV2": {"systemImageName": {"_0": "clock"}}}},
           {"identifier": "specific", "displayRepresentation": {"title": {"alternatives": [], "key": "Specific"}}}
         ]}
      ],
      "autoShortcuts": [
        {"actionIdentifier": "PlayRecording",
         "availabilityAnnotations": {"LNPlatformNameWildcard": {"introducedVersion": "*"}},
         "phraseTemplates": [{"alternatives": [], "key": "Play ${applicationName}"}, {"alternatives": [], "key": "Play Voice Recording"}],
         "shortTitle": {"alternatives": [], "key": "Play Last Recording"},
         "systemImageName": "play.fill"}
      ],
      "negativePhrases": [{"phrase": {"alternatives": [], "key": "Record"}}, {"phrase": {"alternatives": [], "key": "Start recording"}}],
      "shortcutTileColor": 0
    }
    """#

  @Test func mapsDescriptionMetadataPolicyEffectsSchemaReturnsAndDeprecation() throws {
    let result = try importText(Self.richDocument)
    let delete = try #require(intent(result.catalog, "DeleteRecording"))
    #expect(
      delete == [
        "id": "DeleteRecording",
        "title": "DELETE_RECORDING_INTENT_TITLE",
        "description": "Deletes recordings.",
        "categoryName": "Recordings",
        "searchKeywords": ["remove", "trash"],
        "resultValueName": "Deleted Recording",
        "parameters": [["name": "entities", "type": ["entity": "RCRecordingEntity"], "array": true, "optional": false]],
        "supportedModes": ["background"],
        "isDiscoverable": false,
        "assistantOnly": true,
        "authenticationPolicy": "requiresLocalDeviceAuthentication",
        "effects": ["destructive": true],
        "systemProtocols": ["DeleteEntity"],
        "schema": "audio.deleteRecording",
        "returns": ["type": ["entity": "RCRecordingEntity"]],
        "deprecation": ["message": "Use Remove Recording", "replacedBy": "RemoveRecording"],
      ])
    #expect(result.catalog["app"]?["name"] == "VoiceMemos")
    #expect(raw(result.catalog, "actions", "DeleteRecording") == nil)
  }

  @Test func mapsModesSwitchSummariesDefaultsUnitsAndFiles() throws {
    let result = try importText(Self.richDocument)
    let play = try #require(intent(result.catalog, "PlayRecording"))
    #expect(play["supportedModes"] == ["foreground"])
    #expect(raw(result.catalog, "actions", "PlayRecording", "supportedModes") == 4)
    #expect(play["parameterSummary"] == "Play the ${playbackType} one")
    #expect(result.warnings.contains { $0.path.description == "$.actions.PlayRecording.actionConfiguration" && $0.message.contains("default-case") })
    #expect(parameter(result.catalog, "PlayRecording", "playbackType")?["default"] == "mostRecent")
    #expect(parameter(result.catalog, "PlayRecording", "loud")?["default"] == true)
    #expect(parameter(result.catalog, "PlayRecording", "speed")?["default"] == 1.5)
    #expect(parameter(result.catalog, "PlayRecording", "skip")?["type"] == "duration")
    #expect(parameter(result.catalog, "PlayRecording", "skip")?["unit"] == ["dimension": "duration", "default": "min"])
    #expect(parameter(result.catalog, "PlayRecording", "audioFile")?["type"] == "file")
    #expect(parameter(result.catalog, "PlayRecording", "day")?["dateKind"] == "date")
    #expect(
      raw(result.catalog, "actions", "PlayRecording", "parameters", "audioFile", "typeSpecificMetadata")
        == ["LNValueTypeMetadataKeyFileSupportedTypes", ["array": ["elements": [["string": ["wrapper": "public.audio"]]]]]])
    #expect(warningPaths(result).contains("$.actions.PlayRecording.parameters[3].typeSpecificMetadata[0]"))
  }

  @Test func mapsShortcutsNegativePhrasesEnumsAndEntities() throws {
    let result = try importText(Self.richDocument)
    #expect(
      result.catalog["appShortcuts"] == [
        ["intent": "PlayRecording", "phrases": ["Play ${applicationName}"], "shortTitle": "Play Last Recording", "systemImageName": "play.fill"]
      ])
    // A phrase without ${applicationName} becomes an example phrase of its intent.
    #expect(intent(result.catalog, "PlayRecording")?["phrases"] == ["Play Voice Recording"])
    #expect(warningPaths(result).contains("$.autoShortcuts[0].phraseTemplates"))
    #expect(result.catalog["negativePhrases"] == ["Record", "Start recording"])
    #expect(
      enumType(result.catalog, "PlaybackType")?["cases"]?[0]
        == ["value": "mostRecent", "title": "Most Recent", "subtitle": "The last one you made", "image": "clock"])
    #expect(
      result.catalog["entities"]?[0] == [
        "id": "RCRecordingEntity", "title": "Recording",
        "properties": [["name": "duration", "title": "Duration", "type": "duration", "optional": false]],
        "query": ["kind": "string"],
      ])
  }

  @Test func reportsStringsTablesOnceAndKeepsTheRestOfTheFileQuiet() throws {
    let result = try importText(Self.richDocument)
    #expect(raw(result.catalog, "stringsTables") == ["Localizable"])
    #expect(raw(result.catalog, "shortcutTileColor") == 0)
    #expect(
      Set(warningPaths(result)) == [
        "$.actions.PlayRecording.actionConfiguration",
        "$.actions.PlayRecording.supportedModes",
        "$.actions.PlayRecording.parameters[3].typeSpecificMetadata[0]",
        "$.autoShortcuts[0].phraseTemplates",
        "$.queries.RCRecordingEntityStringQuery.capabilities",
        "$.shortcutTileColor",
        "$",
      ])
  }

  @Test func namesAnActionWithoutIdentifierAfterItsDemangledTypeName() throws {
    let result = try importText(
      #"""
      {"actions": [{"mangledTypeName": "7Weather14OpenMoonIntentV", "title": {"alternatives": [], "key": "Open Moon"}}]}
      """#)
    #expect(intent(result.catalog, "OpenMoonIntent")?["title"] == "Open Moon")
    #expect(result.catalog["app"]?["name"] == "Weather")
    #expect(result.warnings.contains { $0.path.description == "$.actions[0]" && $0.message.contains("Weather.OpenMoonIntent") })
  }

  @Test func addsForegroundWhenTheAppOpensButTheMaskSaysBackground() throws {
    let result = try importText(
      #"""
      {"actions": {"A": {"identifier": "A", "title": "A", "openAppWhenRun": true, "supportedModes": 1}}}
      """#)
    #expect(intent(result.catalog, "A")?["supportedModes"] == ["background", "foreground"])
    #expect(warningPaths(result).contains("$.actions.A.supportedModes"))
  }

  @Test func derivesModesFromOpenAppWhenRunAloneWhenNoMaskIsGiven() throws {
    let result = try importText(
      #"""
      {"actions": {"A": {"identifier": "A", "title": "A", "openAppWhenRun": false},
                   "B": {"identifier": "B", "title": "B", "openAppWhenRun": true, "supportedModes": 0}}}
      """#)
    #expect(intent(result.catalog, "A")?["supportedModes"] == ["background"])
    #expect(intent(result.catalog, "B")?["supportedModes"] == ["foreground"])
  }
}

// MARK: Demangling

@Suite struct MangledTypeNameTests {
  @Test(arguments: [
    ("7Weather14OpenMoonIntentV", "Weather.OpenMoonIntent"),
    ("7Weather36OpenNotificationsConfigurationIntentV", "Weather.OpenNotificationsConfigurationIntent"),
    ("7Weather04OpenA16AirQualityIntentV", "Weather.OpenWeatherAirQualityIntent"),
    ("7Weather04OpenA23SpecificConditionIntentV", "Weather.OpenWeatherSpecificConditionIntent"),
    ("10VoiceMemos13PlayRecordingV", "VoiceMemos.PlayRecording"),
    ("7Weather21SpecificConditionKindO", "Weather.SpecificConditionKind"),
    ("s8DurationV", "Swift.Duration"),
    ("$s7Weather14OpenMoonIntentV", "Weather.OpenMoonIntent"),
    ("7Weather5OuterV5InnerO", "Weather.Outer.Inner"),
    ("7Weather04OpenA0V", "Weather.OpenWeather"),
  ])
  func demangles(_ mangled: String, _ expected: String) {
    #expect(MangledTypeName.demangle(mangled) == expected)
  }

  @Test(arguments: [
    "", "ChangeOperation", "7Weat", "7Weather14OpenMoonIntentVV", "0", "04OpenZ5Thing", "99999999999999999999X", "s",
    "7Weather00OpenV", "V7Weather",
  ])
  func rejectsWhatIsNotAMangledTypeName(_ text: String) {
    #expect(MangledTypeName.demangle(text) == nil)
  }
}

// MARK: Malformed input

struct MalformedCase: Sendable, CustomTestStringConvertible {
  let name: String
  let json: String
  /// A warning must name this input path…
  let path: String
  /// …and contain this text.
  let fragment: String
  var testDescription: String { name }
}

/// `{"actions": {"A": {<fields>}}}` with an identifier and a title.
private func action(_ fields: String) -> String {
  #"{"actions": {"A": {"identifier": "A", "title": {"alternatives": [], "key": "A"}, "#
    + fields + "}}}"
}

/// `{"actions": {"A": {…, "parameters": [{"name": "p", <fields>}]}}}`.
private func parameterCase(_ fields: String) -> String {
  action(#""parameters": [{"name": "p", "# + fields + "}]")
}

private func nestedArrayType(depth: Int) -> String {
  var text = #"{"primitive": {"wrapper": {"typeIdentifier": 0}}}"#
  for _ in 0..<depth { text = #"{"array": {"wrapper": {"memberValueType": "# + text + "}}}" }
  return text
}

private func nestedWhen(depth: Int) -> String {
  var text = #"{"junk": 1}"#
  for _ in 0..<depth { text = #"{"whenClause": {"wrapper": {"condition": {"parameterIdentifier": "p"}, "when": "# + text + "}}}" }
  return text
}

private func nestedJunk(depth: Int) -> String {
  String(repeating: #"{"a": ["#, count: depth) + "null" + String(repeating: "]}", count: depth)
}

let malformedCases: [MalformedCase] = [
  MalformedCase(name: "top level is an array", json: "[1, 2, 3]", path: "$", fragment: "kept under source.raw.document"),
  MalformedCase(name: "top level is a string", json: #""hello""#, path: "$", fragment: "found string \"hello\""),
  MalformedCase(name: "top level is null", json: "null", path: "$", fragment: "found null"),
  MalformedCase(name: "empty object", json: "{}", path: "$", fragment: "empty object"),
  MalformedCase(name: "actions is an array", json: #"{"actions": [1]}"#, path: "$.actions", fragment: "found an array"),
  MalformedCase(name: "actions is a string", json: #"{"actions": "nope"}"#, path: "$.actions", fragment: "no intents were imported"),
  MalformedCase(name: "an action is a number", json: #"{"actions": {"A": 5}}"#, path: "$.actions.A", fragment: "kept under source.raw.actions.A"),
  MalformedCase(
    name: "title is a number", json: #"{"actions": {"A": {"identifier": "A", "title": 5}}}"#, path: "$.actions.A.title", fragment: "found integer 5"),
  MalformedCase(
    name: "parameters is an object", json: action(#""parameters": {"p": 1}"#), path: "$.actions.A.parameters", fragment: "an array of parameters"),
  MalformedCase(
    name: "parameter valueType is a string", json: parameterCase(#""valueType": "string""#),
    path: "$.actions.A.parameters[0].valueType", fragment: "kept under source.raw.actions.A.parameters.p.valueType"),
  MalformedCase(
    name: "primitive typeIdentifier 99", json: parameterCase(#""valueType": {"primitive": {"wrapper": {"typeIdentifier": 99}}}"#),
    path: "$.actions.A.parameters[0].valueType.primitive.wrapper.typeIdentifier", fragment: "unknown primitive typeIdentifier 99"),
  MalformedCase(
    name: "typeIdentifier is a string", json: parameterCase(#""valueType": {"primitive": {"wrapper": {"typeIdentifier": "0"}}}"#),
    path: "$.actions.A.parameters[0].valueType.primitive.wrapper.typeIdentifier", fragment: "expected an integer typeIdentifier"),
  MalformedCase(
    name: "unknown value type kind", json: parameterCase(#""valueType": {"hologram": {"wrapper": {}}}"#),
    path: "$.actions.A.parameters[0].valueType.hologram", fragment: "unknown value type kind 'hologram'"),
  MalformedCase(
    name: "typeSpecificMetadata of odd length",
    json: parameterCase(#""typeSpecificMetadata": ["LNValueTypeSpecificMetadataKeyDefaultValue", {"string": {"wrapper": "x"}}, "dangling"]"#),
    path: "$.actions.A.parameters[0].typeSpecificMetadata[2]", fragment: "odd length"),
  MalformedCase(
    name: "default with an unknown tag",
    json: parameterCase(#""typeSpecificMetadata": ["LNValueTypeSpecificMetadataKeyDefaultValue", {"color": {"wrapper": "red"}}]"#),
    path: "$.actions.A.parameters[0].typeSpecificMetadata[1].color", fragment: "unknown tagged value kind 'color'"),
  MalformedCase(
    name: "supportedModes is a string", json: action(#""supportedModes": "all""#), path: "$.actions.A.supportedModes", fragment: "bitmask"),
  MalformedCase(
    name: "authenticationPolicy 7", json: action(#""authenticationPolicy": 7"#), path: "$.actions.A.authenticationPolicy", fragment: "found integer 7"
  ),
  MalformedCase(
    name: "visibilityMetadata is a string", json: action(#""visibilityMetadata": "hidden""#), path: "$.actions.A.visibilityMetadata",
    fragment: "found string"),
  MalformedCase(name: "enums is a string", json: #"{"enums": "none"}"#, path: "$.enums", fragment: "no enums were imported"),
  MalformedCase(
    name: "enum case is a number", json: #"{"enums": [{"identifier": "E", "cases": [3]}]}"#, path: "$.enums[0].cases[0]",
    fragment: "the case was not imported"),
  MalformedCase(
    name: "entity property is junk", json: #"{"entities": {"E": {"properties": [true]}}}"#, path: "$.entities.E.properties[0]",
    fragment: "found boolean true"),
  MalformedCase(name: "queries is an array", json: #"{"queries": []}"#, path: "$.queries", fragment: "found an array of 0 elements"),
  MalformedCase(name: "negativePhrases is a number", json: #"{"negativePhrases": 4}"#, path: "$.negativePhrases", fragment: "no negative phrases"),
  MalformedCase(name: "generator is a number", json: #"{"generator": 17}"#, path: "$.generator", fragment: "found integer 17"),
  MalformedCase(
    name: "App Shortcut is a string", json: #"{"autoShortcuts": ["Open ${applicationName}"]}"#,
    path: "$.autoShortcuts[0]", fragment: "the App Shortcut was not imported"),
  MalformedCase(
    name: "deeply nested array value types", json: parameterCase(#""valueType": "# + nestedArrayType(depth: 120)),
    path: "$.actions.A.parameters[0].valueType.array.wrapper.memberValueType.array", fragment: "arrays of arrays"),
  MalformedCase(
    name: "deeply nested conditional summary without text", json: action(#""actionConfiguration": "# + nestedWhen(depth: 120)),
    path: "$.actions.A.actionConfiguration", fragment: "no parameter summary could be read"),
  MalformedCase(
    name: "deeply nested junk in an unknown member", json: action(#""futureField": "# + nestedJunk(depth: 400)),
    path: "$.actions.A.futureField", fragment: "kept under source.raw.actions.A.futureField"),
]

@Test(arguments: malformedCases)
func malformedInputYieldsWarningsAndACatalog(_ malformed: MalformedCase) throws {
  let result = try importText(malformed.json)
  let matching = result.warnings.filter { $0.path.description == malformed.path }
  #expect(!matching.isEmpty, "no warning at \(malformed.path); got \(result.warnings.map(\.description))")
  #expect(matching.contains { $0.message.contains(malformed.fragment) }, "\(matching.map(\.message))")
  #expect(result.catalog.objectValue?.keys == catalogKeys)
  #expect(result.catalog["formatVersion"] == 1)
  #expect(result.catalog["intents"]?.arrayValue != nil)
}
