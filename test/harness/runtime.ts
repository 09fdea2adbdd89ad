/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Process-wide wiring of n8n-core's dependency-injection container for tests.
 *
 * n8n-core looks a few services up in `@n8n/di`'s Container while it executes nodes:
 *  - `Logger` (backs `this.logger` in every node context),
 *  - `InstanceSettings` (instance id / signing secret; the real one writes ~/.n8n/config),
 *  - `ErrorReporter` (Sentry in production).
 * The harness registers small test stand-ins for exactly these three. Everything else the
 * engine needs from the container (OutboundHttp for HTTP requests, its SSRF config, ...) is
 * constructed by the container itself from the real n8n classes.
 *
 * Log lines are routed to the harness whose operation is currently running (tracked with
 * AsyncLocalStorage), falling back to the most recently created harness.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { ErrorReporter, InstanceSettings } from 'n8n-core';
import { LoggerProxy } from 'n8n-workflow';

import { recordLine } from './recording';

export interface LogEntry {
	level: string;
	message: string;
	meta?: unknown;
}

/** Whatever receives log lines (an EngineHarness). */
export interface LogSink {
	logs: LogEntry[];
}

/** Per-operation state (one workflow run, one listSearch call, ...). */
export interface OperationScope {
	sink: LogSink;
	/** Errors thrown by node `execute` functions, by node name (the last one wins). */
	nodeErrors: Map<string, unknown>;
}

const scopeStorage = new AsyncLocalStorage<OperationScope>();
let fallbackSink: LogSink | undefined;

const echo = process.env.HARNESS_LOG === '1' || process.env.HARNESS_LOG === 'true';

function record(level: string, message: unknown, meta?: unknown) {
	const sink = scopeStorage.getStore()?.sink ?? fallbackSink;
	const text = typeof message === 'string' ? message : String(message);
	const entry: LogEntry = meta === undefined ? { level, message: text } : { level, message: text, meta };
	sink?.logs.push(entry);
	recordLine('log', { level, message: text, meta });
	if (echo) {
		console.log(`[harness:${level}] ${text}`, meta ?? '');
	}
}

/** A logger with the surface of @n8n/backend-common's Logger that only records. */
function createCapturingLogger() {
	const logger = {
		error: (message: string, meta?: unknown) => record('error', message, meta),
		warn: (message: string, meta?: unknown) => record('warn', message, meta),
		info: (message: string, meta?: unknown) => record('info', message, meta),
		debug: (message: string, meta?: unknown) => record('debug', message, meta),
		verbose: (message: string, meta?: unknown) => record('verbose', message, meta),
		scoped: () => logger,
	};
	return logger;
}

/** Test stand-in for n8n-core's ErrorReporter: reports become 'reported' log entries. */
function createErrorReporter() {
	const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));
	return {
		init: async () => {},
		shutdown: async () => {},
		error: (e: unknown, options?: unknown) =>
			record('reported', describe(e), { error: e, options }),
		warn: (e: unknown, options?: unknown) =>
			record('reported', describe(e), { error: e, options, level: 'warning' }),
		info: (msg: unknown, options?: unknown) =>
			record('reported', describe(msg), { options, level: 'info' }),
	};
}

function createInstanceSettings() {
	const n8nFolder = path.join(tmpdir(), 'n8n-engine-harness');
	return {
		instanceId: 'engine-harness-instance',
		hmacSignatureSecret: 'engine-harness-hmac-secret',
		encryptionKey: 'engine-harness-encryption-key',
		n8nFolder,
		staticCacheDir: path.join(n8nFolder, 'cache'),
		customExtensionDir: path.join(n8nFolder, 'custom'),
		nodesDownloadDir: path.join(n8nFolder, 'nodes'),
		instanceType: 'main',
		instanceRole: 'leader',
		isLeader: true,
		isFollower: false,
		isMultiMain: false,
		isSingleMain: true,
		isWorker: false,
	};
}

const logger = createCapturingLogger();

/** Registers the test services in the DI container and routes LoggerProxy to the capture. */
export function installRuntime(sink: LogSink) {
	fallbackSink = sink;
	Container.set(Logger, logger as unknown as Logger);
	Container.set(InstanceSettings, createInstanceSettings() as unknown as InstanceSettings);
	Container.set(ErrorReporter, createErrorReporter() as unknown as ErrorReporter);
	LoggerProxy.init(logger);
}

/** Runs `fn` with log lines and node errors attributed to `scope`. */
export async function inScope<T>(scope: OperationScope, fn: () => Promise<T>): Promise<T> {
	return await scopeStorage.run(scope, fn);
}

export function currentScope(): OperationScope | undefined {
	return scopeStorage.getStore();
}

export function newScope(sink: LogSink): OperationScope {
	return { sink, nodeErrors: new Map() };
}
