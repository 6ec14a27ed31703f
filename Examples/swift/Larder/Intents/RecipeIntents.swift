import AppIntents
import Foundation

struct OpenRecipeIntent: OpenIntent {
  static let title: LocalizedStringResource = "Open Recipe"
  static let description = IntentDescription(
    "Opens a recipe from the cookbook in the app.",
    categoryName: "Recipes",
    searchKeywords: ["show recipe", "cookbook"])

  @Parameter(title: "Recipe", description: "The recipe to open.", requestValueDialog: "Which recipe?")
  var target: RecipeEntity

  func perform() async throws -> some IntentResult {
    await Navigator.shared.open(recipe: target.id)
    return .result()
  }
}

struct FindRecipesIntent: AppIntent {
  static let title: LocalizedStringResource = "Find Recipes"
  static let description = IntentDescription(
    "Finds recipes that use an ingredient, optionally only vegetarian ones or ones ready in time.",
    categoryName: "Recipes",
    searchKeywords: ["what can I cook", "ideas", "ingredient"],
    resultValueName: "Recipes")

  @Parameter(title: "Ingredient", description: "An ingredient the recipes should use, such as leeks.", requestValueDialog: "What ingredient do you want to use?")
  var ingredient: String

  @Parameter(title: "Vegetarian Only", description: "Only vegetarian recipes.", default: false)
  var vegetarianOnly: Bool

  @Parameter(title: "Ready Within", description: "The longest total cooking time to accept.", defaultUnit: .minutes)
  var maximumTime: Measurement<UnitDuration>?

  static var parameterSummary: some ParameterSummary {
    Summary("Find recipes with \(\.$ingredient)") {
      \.$vegetarianOnly
      \.$maximumTime
    }
  }

  func perform() async throws -> some IntentResult & ReturnsValue<[RecipeEntity]> & ShowsSnippetView {
    let found = try await Cookbook.shared.find(ingredient: ingredient, vegetarian: vegetarianOnly, within: maximumTime)
    return .result(value: found.map(RecipeEntity.init)) { RecipeListView(recipes: found) }
  }
}

struct ScaleRecipeIntent: AppIntent {
  static let title: LocalizedStringResource = "Scale Recipe"
  static let description = IntentDescription(
    "Recalculates a recipe's quantities for another number of servings.",
    categoryName: "Recipes",
    searchKeywords: ["servings", "double", "halve", "portions"])

  @Parameter(title: "Recipe", description: "The recipe to scale.", requestValueDialog: "Which recipe?")
  var recipe: RecipeEntity

  @Parameter(title: "Servings", description: "The number of servings wanted.", inclusiveRange: (1, 24), requestValueDialog: "For how many people?")
  var servings: Int

  static var parameterSummary: some ParameterSummary {
    Summary("Scale \(\.$recipe) to \(\.$servings) servings")
  }

  func perform() async throws -> some IntentResult & ReturnsValue<RecipeEntity> {
    let scaled = try await Cookbook.shared.scale(recipe.id, servings: servings)
    return .result(value: RecipeEntity(scaled))
  }
}

struct ConvertQuantityIntent: AppIntent {
  static let title: LocalizedStringResource = "Convert Quantity"
  static let description = IntentDescription(
    "Converts a kitchen quantity, such as grams of flour, into another unit.",
    categoryName: "Recipes",
    searchKeywords: ["convert", "how many grams", "ounces"],
    resultValueName: "Converted Quantity")

  @Parameter(title: "Amount", description: "The quantity to convert, with its unit.", defaultUnit: .grams, requestValueDialog: "How much?")
  var amount: Measurement<UnitMass>

  @Parameter(title: "Unit", description: "The unit to convert into.", default: .ounces)
  var unit: KitchenUnit

  static var parameterSummary: some ParameterSummary {
    Summary("Convert \(\.$amount) to \(\.$unit)")
  }

  func perform() async throws -> some IntentResult & ReturnsValue<Double> & ProvidesDialog {
    let value = Converter.convert(amount, to: unit)
    return .result(value: value, dialog: "That is \(value) \(unit.rawValue).")
  }
}
