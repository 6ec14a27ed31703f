import Foundation
import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeImport
import IntentBridgeJSON
import Testing

/// Filling parameters that no phrase template covers, from their names and descriptions
/// (`DescribedValueFinder`, docs/FILLING.md "Without templates"), on a tool list written here
/// and imported as a user would (`import tools`), with the tool forced so that only filling
/// is tested.
@Suite struct DescribedFillingTests {
  static let tools = """
    [
     {"type": "function", "function": {"name": "triangle_area", "description": "Calculate the area of a triangle.",
      "parameters": {"type": "object", "properties": {
        "base": {"type": "number", "description": "Length of the base."},
        "height": {"type": "number", "description": "Height at right angles to the base."}}, "required": ["base", "height"]}}},
     {"type": "function", "function": {"name": "get_engagement", "description": "Engagement metrics of a social media post.",
      "parameters": {"type": "object", "properties": {
        "platform": {"type": "string", "description": "The platform of the post (e.g., Facebook, Twitter, Instagram)"},
        "post_id": {"type": "string", "description": "The ID of the post"}}, "required": ["platform", "post_id"]}}},
     {"type": "function", "function": {"name": "dance_info", "description": "Information on a dance style.",
      "parameters": {"type": "object", "properties": {
        "dance_style": {"type": "string", "description": "The style of dance (e.g., ballet, salsa)"},
        "region": {"type": "string", "description": "The region it comes from (e.g., Africa, Asia, Europe)"}}, "required": ["dance_style"]}}},
     {"type": "function", "function": {"name": "find_rooms", "description": "Find available rooms.",
      "parameters": {"type": "object", "properties": {
        "location": {"type": "string", "description": "The city"},
        "check_in_date": {"type": "string", "description": "Check-in (e.g., 2022-10-15)"},
        "check_out_date": {"type": "string", "description": "Check-out (e.g., 2022-10-20)"},
        "guests": {"type": "integer", "description": "Number of guests"}}, "required": ["location", "check_in_date", "check_out_date"]}}},
     {"type": "function", "function": {"name": "cancel_event", "description": "Cancel a calendar event.",
      "parameters": {"type": "object", "properties": {
        "title": {"type": "string", "description": "The title of the event to cancel."},
        "notify_attendees": {"type": "boolean", "description": "Whether attendees get an email."}}, "required": ["title"]}}},
     {"type": "function", "function": {"name": "search_email", "description": "Search the mailbox.",
      "parameters": {"type": "object", "properties": {
        "query": {"type": "string", "description": "Words to look for."},
        "unread_only": {"type": "boolean", "description": "Only unread messages."}}, "required": ["query"]}}},
     {"type": "function", "function": {"name": "add_item", "description": "Put an item on the shopping list.",
      "parameters": {"type": "object", "properties": {
        "item": {"type": "string", "description": "What to buy."},
        "quantity": {"type": "integer", "description": "How many to buy.", "minimum": 1}}, "required": ["item"]}}},
     {"type": "function", "function": {"name": "reply", "description": "Reply to the latest message from a sender.",
      "parameters": {"type": "object", "properties": {
        "sender": {"type": "string", "description": "Name or address of the sender."},
        "body": {"type": "string", "description": "The text of the reply."}}, "required": ["sender", "body"]}}},
     {"type": "function", "function": {"name": "greet", "description": "Greet a person.",
      "parameters": {"type": "object", "properties": {
        "person_name": {"type": "string", "description": "The name of the person"}}, "required": ["person_name"]}}}
    ]
    """

  static let engine: IntentEngine = {
    // A fixture written here: it imports and loads, or the test is wrong.
    let document = try! JSONParser.parse(tools)
    let catalog = CatalogLoader.load(document: ToolListImporter.importCatalog(document, fileName: "tools.json").catalog).validCatalog!
    return IntentEngine(catalog: catalog)
  }()

  static func fill(_ request: String, _ tool: String) -> Resolution {
    engine.resolve(request, clock: IntentEngine.Clock(now: Date(timeIntervalSince1970: 1_796_000_000), utcOffsetSeconds: 3600), intent: tool)
  }

  struct Case: Sendable, CustomStringConvertible {
    let request: String
    let tool: String
    let expected: JSONObject
    var description: String { request }
  }

  static let cases: [Case] = [
    // A parameter's name before its value.
    Case(
      request: "Find the area of a triangle with a base of 10 units and height of 5 units", tool: "triangle_area",
      expected: ["base": 10, "height": 5]),
    // An example of the description; a quoted value after the name, its closing mark missing.
    Case(
      request: "Tell me the engagement metrics for the Facebook post with the ID \"rOBhSVKGVKe.", tool: "get_engagement",
      expected: ["platform": "Facebook", "post_id": "rOBhSVKGVKe"]),
    // An example beats a name word before the value ("style from Africa").
    Case(request: "Provide information on the dance style from Africa", tool: "dance_info", expected: ["region": "Africa"]),
    // Dates in order, ISO as the examples show; a place after "in"; not the month as a name.
    Case(
      request: "Find available rooms in New York from November 25, 2013, to January 7, 2014.", tool: "find_rooms",
      expected: ["location": "New York", "check_in_date": "2013-11-25", "check_out_date": "2014-01-07"]),
    // A boolean only from its own words: "on friday" is no yes.
    Case(request: "cancel the team lunch on friday", tool: "cancel_event", expected: ["title": "team lunch"]),
    Case(request: "find unread messages about the invoice", tool: "search_email", expected: ["query": "invoice", "unread_only": true]),
    // The rest of the request, without the command's verb and the number that is another value.
    Case(request: "put 2 avocados on my shopping list", tool: "add_item", expected: ["item": "avocados", "quantity": 2]),
    // A possessive is not part of the name.
    Case(request: "say hello to John Smith's family", tool: "greet", expected: ["person_name": "John Smith"]),
  ]

  @Test(arguments: cases)
  func fillsFromNamesAndDescriptions(_ c: Case) {
    let resolution = Self.fill(c.request, c.tool)
    #expect(resolution.arguments == c.expected)
    for argument in resolution.filled where argument.source == .extractor {
      // Each value keeps where it came from.
      let span = try! #require(argument.span)
      #expect(span.lowerBound >= 0 && span.upperBound <= c.request.unicodeScalars.count)
      #expect(argument.confidence >= 0.5 && argument.confidence <= 1)
    }
  }

  @Test func whatIsNotSaidIsAskedForInWords() {
    let resolution = Self.fill("how big is a triangle", "triangle_area")
    #expect(resolution.arguments.isEmpty)
    #expect(
      resolution.missing.map(\.question) == ["What is the base? Length of the base.", "What is the height? Height at right angles to the base."])
    let engagement = Self.fill("show engagement", "get_engagement")
    #expect(engagement.missing.map(\.name) == ["platform", "post_id"])
    #expect(engagement.missing.last?.question.hasPrefix("What is the post ID?") == true)
  }

  @Test func aNameSeenOnlyThroughADescriptionWordIsNotFilled() {
    // "reply" is a word of the body's description, not of its name: "Maria" does not go to
    // the body; one name left and one required text parameter that takes names: the sender.
    let resolution = Self.fill("reply to Maria saying I'll be there", "reply")
    #expect(resolution.arguments == ["sender": "Maria", "body": "I'll be there"])
  }
}
