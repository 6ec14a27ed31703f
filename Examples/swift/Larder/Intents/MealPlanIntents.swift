import AppIntents
import Foundation

/// Intents that change the meal plan share this refinement (and its defaults).
protocol MealPlanIntent: AppIntent {}

extension MealPlanIntent {
  static var authenticationPolicy: IntentAuthenticationPolicy { .alwaysAllowed }
}

struct PlanMealIntent: MealPlanIntent {
  static let title: LocalizedStringResource = "Plan Meal"
  static let description = IntentDescription(
    "Puts a recipe on the meal plan for a day and meal.",
    categoryName: "Meal Plan",
    searchKeywords: ["meal plan", "schedule dinner", "what to eat"])

  @Parameter(title: "Recipe", description: "The recipe to plan.", requestValueDialog: "Which recipe?")
  var recipe: RecipeEntity

  @Parameter(title: "Day", description: "The day of the meal; today when not given.", kind: .date)
  var day: Date?

  @Parameter(title: "Meal", description: "Breakfast, lunch, dinner or a snack; dinner when not given.", default: .dinner)
  var meal: MealSlot

  static var parameterSummary: some ParameterSummary {
    Summary("Plan \(\.$recipe) for \(\.$meal) on \(\.$day)")
  }

  func perform() async throws -> some IntentResult & ProvidesDialog {
    try await MealPlan.shared.plan(recipe.id, on: day ?? .now, meal: meal)
    return .result(dialog: "Planned.")
  }
}

struct ShowMealPlanIntent: MealPlanIntent {
  static let title: LocalizedStringResource = "Show Meal Plan"
  static let description = IntentDescription(
    "Opens the meal plan of the week in the app.",
    categoryName: "Meal Plan",
    searchKeywords: ["this week", "menu"])
  static let supportedModes: IntentModes = .foreground(.immediate)

  func perform() async throws -> some IntentResult {
    await Navigator.shared.showMealPlan()
    return .result()
  }
}

struct ClearMealPlanIntent: MealPlanIntent, DeleteIntent {
  static let title: LocalizedStringResource = "Clear Meal Plan"
  static let description = IntentDescription(
    "Removes the planned meals of a day, or of the whole week.",
    categoryName: "Meal Plan",
    searchKeywords: ["cancel plan", "remove meals"])

  @Parameter(title: "Day", description: "The day to clear; the whole week when not given.", kind: .date)
  var day: Date?

  static var parameterSummary: some ParameterSummary {
    Summary("Clear the meal plan for \(\.$day)")
  }

  func perform() async throws -> some IntentResult {
    try await requestConfirmation()
    try await MealPlan.shared.clear(day: day)
    return .result()
  }
}

struct SuggestDinnerIntent: AppIntent {
  static let title: LocalizedStringResource = "Suggest Dinner"
  static let description = IntentDescription(
    "Suggests a dinner that can be cooked with what is in the pantry.",
    categoryName: "Meal Plan",
    searchKeywords: ["dinner ideas", "what's for dinner", "inspiration"],
    resultValueName: "Suggested Recipe")

  func perform() async throws -> some IntentResult & ReturnsValue<RecipeEntity> & ProvidesDialog {
    let recipe = try await Cookbook.shared.suggestion(from: Pantry.shared.items())
    return .result(value: RecipeEntity(recipe), dialog: "How about \(recipe.name)?")
  }
}
