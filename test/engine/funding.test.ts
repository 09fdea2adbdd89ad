/**
 * Funding instruments (https://docs.x.com/x-ads-api/campaign-management/reference#funding-instruments)
 * through n8n's engine against the emulator: list and get with money in currency units; create and
 * delete on the sandbox host only.
 */
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, sandboxFx, requests, ads: ok } = suiteHelpers(env);

describe('Funding Instrument', () => {
	it('lists and gets funding instruments, amounts also in currency units', async () => {
		const all = await ok({ resource: 'fundingInstrument', operation: 'getAll', account: fx().accountId, returnAll: true });
		expect(all.map((f) => f.id).sort()).toEqual([...fx().fundingInstrumentIds].sort());
		const card = all.find((f) => f.id === fx().fundingInstrumentIds[0])!;
		expect(card).toMatchObject({ type: 'CREDIT_CARD', credit_limit: '200.00', funded_amount: '645.94', credit_remaining: null, account_id: fx().accountId });
		const [io] = await ok({ resource: 'fundingInstrument', operation: 'get', account: fx().accountId, fundingInstrument: fx().fundingInstrumentIds[1] });
		expect(io).toMatchObject({ type: 'INSERTION_ORDER', funded_amount: '5000.00', credit_remaining: '4250.00' });
	});

	it('creates and deletes a sandbox funding instrument on the sandbox host, amounts converted exactly', async () => {
		env.useEnvironment('sandbox');
		env.emulator.control.clearRequests();
		const [created] = await ok({
			resource: 'fundingInstrument',
			operation: 'create',
			account: sandboxFx().accountId,
			currency: 'EUR',
			type: 'INSERTION_ORDER',
			startTime: '2026-07-01T00:00:00Z',
			additionalFields: { endTime: '2027-01-01T00:00:00Z', fundedAmountLocalMicro: '1400.5' },
		});
		expect(created).toMatchObject({ currency: 'EUR', funded_amount_local_micro: 1_400_500_000, funded_amount: '1400.50' });
		expect(requests()[0].base).toBe('adsSandbox');
		const [deleted] = await ok({ resource: 'fundingInstrument', operation: 'delete', account: sandboxFx().accountId, fundingInstrument: String(created.id) });
		expect(deleted).toMatchObject({ deleted: true, able_to_fund: false });
	});

	it('refuses the sandbox operations with a production credential, before any request', async () => {
		env.emulator.control.clearRequests();
		const result = await env.ads({ resource: 'fundingInstrument', operation: 'delete', account: fx().accountId, fundingInstrument: fx().fundingInstrumentIds[0] });
		expect(String((result.error as Error).message)).toMatch(/works only in the X Ads sandbox/);
		expect(requests()).toHaveLength(0);
	});
});
