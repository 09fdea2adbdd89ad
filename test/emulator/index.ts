/**
 * Stateful fake of the X API (api.x.com, ads-api.x.com, ads-api-sandbox.x.com) on one loopback port.
 * Base URL mapping: {base_url} -> urls.api, {ads_url} -> urls.ads, {ads_sandbox_url} -> urls.adsSandbox.
 */
export { startEmulator } from './server';
export type { EmulatorOptions, EmulatorUser, XEmulator } from './server';
export type { DeepReadonly, EmulatorControl } from './control';
export type {
	Account,
	AccountApp,
	AdsEnvironment,
	Base,
	CuratedCategory,
	EmulatorFixtures,
	EmulatorStats,
	EnvFixtures,
	HistoryEntry,
	LineItem,
	LineItemCuratedCategory,
	FaultKind,
	FaultMatch,
	FaultSpec,
	RandomFaultOptions,
	RateBudget,
	RequestLogEntry,
	SeedAccountsOptions,
	Store,
} from './store';
