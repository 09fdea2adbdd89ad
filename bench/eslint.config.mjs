// The benchmarks are linted as the tests are (see test/eslint.config.mjs).
export { default } from '../test/eslint.config.mjs';
