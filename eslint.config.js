// Only the checks the compiler cannot make: a promise nobody awaits (a database call whose refusal would be
// lost, a check that never ran). The code style itself is left to review and to tsc.
import tseslint from "typescript-eslint";

export default tseslint.config({
  files: ["server/**/*.ts", "cli/**/*.ts", "gateway/**/*.ts", "tests/**/*.ts", "bench/**/*.ts"],
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  plugins: { "@typescript-eslint": tseslint.plugin },
  linterOptions: { reportUnusedDisableDirectives: "off" },
  rules: {
    "@typescript-eslint/no-floating-promises": "error",
    "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    "@typescript-eslint/await-thenable": "error",
  },
});
