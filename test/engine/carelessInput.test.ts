/**
 * Careless input that is fine (issue 16, item 11): the forms the checks must keep accepting, sent
 * to the emulator through n8n's engine. The refusals are in the bad-input corpus
 * (test/corpus/badInput.ts, "careless:" entries).
 */
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx } = suiteHelpers(env);

const sent = (method: string, suffix: string) => env.emulator.control.requests().filter((r) => r.method === method && r.path.endsWith(suffix));

it('sends a product with a numeric id as its digits, tabs and line breaks in the description, and inventory " 12 " as 12', async () => {
	const result = await env.ads({ resource: 'product', operation: 'upsert', catalog: fx().productCatalogId, mapping: 'auto' }, [
		{
			id: 4711,
			title: 'Boot',
			description: 'Line one\nLine\ttwo\r\n',
			availability: 'in stock',
			condition: 'new',
			price: '19.99 USD',
			link: 'https://shop.example.com/p/4711',
			image_link: 'https://cdn.example.com/4711.jpg',
			brand: 'Acme',
			inventory: ' 12 ',
			size: 42,
		},
	]);
	expect(result.error).toBeUndefined();
	expect(result.output().map((i) => i.json.status)).toEqual(['CREATE_SUCCESS']);
	const [put] = sent('PUT', '/products');
	expect(JSON.parse(put.body).products[0]).toMatchObject({ id: '4711', description: 'Line one\nLine\ttwo\r\n', inventory: 12, size: '42' });
});

it('takes "true" and "false" from an expression as booleans, and line breaks in post text', async () => {
	const result = await env.ads({
		resource: 'post',
		operation: 'create',
		account: fx().accountId,
		asUserId: fx().advertiserUserId,
		additionalFields: { text: 'Line one\nLine two', nullcast: '={{ "false" }}', trimUser: '={{ "true" }}' },
	});
	expect(result.error).toBeUndefined();
	const [post] = sent('POST', '/tweet');
	const query = new URLSearchParams(post.query);
	expect([query.get('text'), query.get('nullcast'), query.get('trim_user')]).toEqual(['Line one\nLine two', 'false', 'true']);
});
