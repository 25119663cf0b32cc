// Only the checks the compiler cannot make: a promise nobody awaits (a database call whose refusal would be
// lost, a check that never ran), and on app/ React's own rules (eslint-plugin-react-hooks 7, the React
// Compiler's checks). The code style itself is left to review and to tsc.
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    files: ["server/**/*.ts", "cli/**/*.ts", "gateway/**/*.ts", "tests/**/*.ts", "bench/**/*.ts", "app/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/await-thenable": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
);
