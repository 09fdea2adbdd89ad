/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The stream's bound on executions in flight (nodes/XTrigger/stream.ts ExecutionWindow): the 9th
 * emit waits until n8n reports one of the 8 running executions ended.
 */
import type { ITriggerFunctions } from 'n8n-workflow';

import { ExecutionWindow, MAX_EXECUTIONS_IN_FLIGHT } from '../../nodes/XTrigger/stream';

it('lets at most MAX_EXECUTIONS_IN_FLIGHT executions run; the next emit waits for one to end', async () => {
	const done: Array<() => void> = [];
	const ctx = {
		helpers: {
			createDeferredPromise: () => {
				let resolve!: () => void;
				const promise = new Promise<void>((r) => (resolve = r));
				return { promise, resolve, reject: () => undefined };
			},
		},
		emit: (_data: unknown, _response: unknown, deferred: { resolve: () => void }) => done.push(deferred.resolve),
	} as unknown as ITriggerFunctions;
	const window = new ExecutionWindow(ctx);
	for (let i = 0; i < MAX_EXECUTIONS_IN_FLIGHT - 1; i++) await window.emit([[{ json: {} }]]);
	let returned = false;
	const last = window.emit([[{ json: {} }]]).then(() => (returned = true));
	await new Promise((r) => setTimeout(r, 50));
	expect(done).toHaveLength(MAX_EXECUTIONS_IN_FLIGHT);
	expect(returned).toBe(false);
	done[3]();
	await last;
	expect(returned).toBe(true);
});
