import AppIntents

struct AddToShoppingListIntent: AppIntent {
  static let title: LocalizedStringResource = "Add to Shopping List"
  static let description = IntentDescription(
    "Adds something to buy to the shopping list.",
    categoryName: "Shopping",
    searchKeywords: ["buy", "groceries", "need"])

  @Parameter(title: "Item", description: "What to buy, such as milk or two lemons.", requestValueDialog: "What do you need?")
  var item: String

  @Parameter(title: "Note", description: "A note for whoever shops, such as a brand.", inputOptions: .init(multiline: true))
  var note: String?

  static var parameterSummary: some ParameterSummary {
    Summary("Add \(\.$item) to the shopping list") {
      \.$note
    }
  }

  func perform() async throws -> some IntentResult & ProvidesDialog {
    try await ShoppingList.shared.add(item, note: note)
    return .result(dialog: "Added \(item) to your list.")
  }
}

struct MarkItemBoughtIntent: AppIntent {
  static let title: LocalizedStringResource = "Mark Item as Bought"
  static let description = IntentDescription(
    "Ticks an item off the shopping list and, if wanted, adds it to the pantry.",
    categoryName: "Shopping",
    searchKeywords: ["bought", "got it", "tick off"])

  @Parameter(title: "Item", description: "The item on the list that was bought.", requestValueDialog: "Which item did you buy?")
  var item: String

  @Parameter(title: "Add to Pantry", description: "Whether to add the item to the pantry as well.", default: true)
  var addToPantry: Bool

  static var parameterSummary: some ParameterSummary {
    Summary("Mark \(\.$item) as bought")
  }

  func perform() async throws -> some IntentResult {
    try await ShoppingList.shared.markBought(item, addToPantry: addToPantry)
    return .result()
  }
}

struct ClearShoppingListIntent: AppIntent {
  static let title: LocalizedStringResource = "Clear Shopping List"
  static let description = IntentDescription(
    "Removes every item from the shopping list after asking for confirmation.",
    categoryName: "Shopping",
    searchKeywords: ["empty list", "start over", "remove all"])

  func perform() async throws -> some IntentResult {
    try await requestConfirmation(result: .result(dialog: "Remove every item from the shopping list?"))
    try await ShoppingList.shared.removeAll()
    return .result()
  }
}

struct ShareShoppingListIntent: AppIntent {
  static let title: LocalizedStringResource = "Share Shopping List"
  static let description = IntentDescription(
    "Sends the shopping list to a person as a message.",
    categoryName: "Shopping",
    searchKeywords: ["send list", "share"])
  static let authenticationPolicy: IntentAuthenticationPolicy = .requiresAuthentication

  @Parameter(title: "Recipient", description: "The person to send the list to.", requestValueDialog: "Who should get the list?")
  var recipient: IntentPerson

  static var parameterSummary: some ParameterSummary {
    Summary("Send the shopping list to \(\.$recipient)")
  }

  func perform() async throws -> some IntentResult {
    try await ShoppingList.shared.share(with: recipient)
    return .result()
  }
}
