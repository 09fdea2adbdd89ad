// Prints the suite's closing line in the plain form CI reads: "jest: N passed, N failed, N skipped".
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const { numPassedTests, numFailedTests, numPendingTests, numRuntimeErrorTestSuites } = results;
		const failed = numFailedTests + numRuntimeErrorTestSuites;
		process.stdout.write(`\njest: ${numPassedTests} passed, ${failed} failed, ${numPendingTests} skipped\n`);
	}
}
module.exports = SummaryReporter;
