/**
 * What image and video conversation cards share: hashtag calls to action, each with the text it posts, and the
 * rules across them (https://docs.x.com/x-ads-api/creatives/reference#image-conversation-cards and
 * #video-conversation-cards).
 */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../shared/engine/endpoints';

const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;
const label = (s: string) => s[0].toUpperCase() + s.slice(1);

/** The four CTA / CTA Post Text pairs; the first is required when creating. `example` names a hashtag for the error message. */
export const ctaFields = (creating: boolean, example: string): Field[] => {
	// A hashtag of at most 20 characters, not counting the #.
	const hashtag = { pattern: /^#[\p{L}\p{N}_]{1,20}$/u, patternRule: `a hashtag such as ${example}, at most 20 characters after the #` };
	return ORDINALS.flatMap((n, i) => [
		{ wire: `${n}_cta`, label: `${label(n)} CTA`, type: 'string', required: creating && i === 0, description: 'A hashtag, at most 20 characters after the #', rules: hashtag } as Field,
		{ wire: `${n}_cta_tweet`, label: `${label(n)} CTA Post Text`, type: 'string', required: creating && i === 0, description: `The post text of the ${n} call to action` } as Field,
	]);
};

export const thankYouUrlField: Field = { wire: 'thank_you_url', label: 'Thank You URL', type: 'string', rules: { pattern: /^https?:\/\/\S+$/i, patternRule: 'a URL' } };

/** Each CTA needs its post text (and the CTA before it); a new card needs a title or a second CTA. */
export function checkCtas(values: IDataObject, fail: (field: string, rule: string) => never, creating: boolean): void {
	ORDINALS.forEach((n, i) => {
		const cta = values[`${n}_cta`];
		const tweet = values[`${n}_cta_tweet`];
		if (cta !== undefined && tweet === undefined) fail(`${label(n)} CTA Post Text (${n}_cta_tweet)`, `is required when ${label(n)} CTA (${n}_cta) is set`);
		if (tweet !== undefined && cta === undefined) fail(`${label(n)} CTA (${n}_cta)`, `is required when ${label(n)} CTA Post Text (${n}_cta_tweet) is set`);
		if (creating && i >= 2 && cta !== undefined && values[`${ORDINALS[i - 1]}_cta`] === undefined) {
			fail(`${label(n)} CTA (${n}_cta)`, `needs ${label(ORDINALS[i - 1])} CTA (${ORDINALS[i - 1]}_cta) to be set`);
		}
	});
	if (creating && values.title === undefined && values.second_cta === undefined) fail('Title (title)', 'is required when there is no Second CTA (second_cta)');
}
