/**
 * Test data for the records: `@app/contracts/testing`, outside the library's index so production
 * code cannot reach it (depcruise's no-test-code-in-production forbids the import).
 */
export * from './fixtures';
export * from './record-paths';
