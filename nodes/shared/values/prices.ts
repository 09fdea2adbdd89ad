/** Catalog prices: "<number> <ISO 4217 code>" with a dot decimal, compared exactly (no floats). */

/** Active ISO 4217 currency codes. */
const ISO_4217 = new Set(
	(
		'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
		'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
		'GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
		'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR ' +
		'NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD ' +
		'SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD ' +
		'XCG XOF XPF YER ZAR ZMW ZWG ZWL'
	).split(' '),
);

export interface Price {
	amount: string;
	currency: string;
}

const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;

/** The price, or the broken rule. */
export function parsePrice(text: string): { price?: Price; rule?: string } {
	const match = PRICE.exec(text);
	if (!match) return { rule: `must be a number, a space and a 3-letter currency code with a dot decimal, such as "19.99 USD" (got "${text}")` };
	if (!ISO_4217.has(match[2])) return { rule: `has "${match[2]}", which is not an ISO 4217 currency code` };
	return { price: { amount: match[1], currency: match[2] } };
}

/** Compares two decimal strings exactly. */
export function compareDecimal(a: string, b: string): number {
	const [ai, af = ''] = a.split('.');
	const [bi, bf = ''] = b.split('.');
	const scale = Math.max(af.length, bf.length);
	const x = BigInt(ai + af.padEnd(scale, '0'));
	const y = BigInt(bi + bf.padEnd(scale, '0'));
	return x < y ? -1 : x > y ? 1 : 0;
}
