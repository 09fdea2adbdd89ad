/** Tax settings of an ads account: who is billed, the tax category, VAT IDs and addresses (https://docs.x.com/x-ads-api/campaign-management/reference#tax-settings). */
import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';

const COUNTRY = { pattern: /^[A-Z]{2}$/, patternRule: 'a two-letter country code such as GB' };
const EMAIL = { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, patternRule: 'an email address such as billing@example.com' };

/** The address fields of the account owner (address_*) or, for an agency's account, of the advertiser (client_address_*). */
function addressFields(prefix: string, whose: string): Field[] {
	const label = prefix === 'address' ? 'Address' : 'Client Address';
	const part = (wire: string, name: string, extra: Partial<Field> = {}): Field => ({
		wire: `${prefix}_${wire}`,
		label: `${label} ${name}`,
		type: 'string',
		description: `The ${name.toLowerCase()} of ${whose}`,
		...extra,
	});
	return [
		part('name', 'Company Name'),
		part('first_name', 'First Name'),
		part('last_name', 'Last Name'),
		part('email', 'Email', { rules: EMAIL, placeholder: 'name@email.com' }),
		part('street1', 'Street 1'),
		part('street2', 'Street 2'),
		part('city', 'City'),
		part('region', 'Region'),
		part('postal_code', 'Postal Code'),
		part('country', 'Country', { rules: COUNTRY, placeholder: 'e.g. GB' }),
	];
}

export const taxSettingsResource: Resource = {
	name: 'Tax Setting',
	value: 'taxSettings',
	description: 'Billing party, tax category, VAT IDs and addresses of an ads account',
	endpoints: [
		{
			operation: 'get',
			name: 'Get',
			action: 'Get the tax settings',
			description: 'Get the tax settings of an account',
			method: 'GET',
			path: '/accounts/{account_id}/tax_settings',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-accounts-account-id-tax-settings',
			fields: [accountField],
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update the tax settings',
			description: 'Change the tax settings of an account; the client address is the advertiser\'s, for accounts an agency owns',
			method: 'PUT',
			path: '/accounts/{account_id}/tax_settings',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#put-accounts-account-id-tax-settings',
			fields: [
				accountField,
				{ wire: 'bill_to', label: 'Bill To', type: 'options', options: ['ADVERTISER', 'AGENCY'], description: 'Who is billed' },
				{ wire: 'business_relationship', label: 'Business Relationship', type: 'options', options: ['AGENCY', 'SELF'], description: 'Whether the advertiser (SELF) or an agency owns the account' },
				{ wire: 'tax_category', label: 'Tax Category', type: 'options', options: ['BUSINESS_NO_VAT', 'BUSINESS_WITH_VAT', 'INDIVIDUAL'] },
				{ wire: 'invoice_jurisdiction', label: 'Invoice Jurisdiction', type: 'options', options: ['LOI_SAPIN', 'NONE', 'NOT_SET'] },
				{ wire: 'tax_id', label: 'Tax ID', type: 'string', description: 'The VAT registration ID' },
				{ wire: 'tax_exemption_id', label: 'Tax Exemption ID', type: 'string', description: 'The VAT exemption ID' },
				...addressFields('address', 'the account owner'),
				...addressFields('client_address', 'the advertiser (accounts an agency owns)'),
			],
			check: (values, { fail }) => {
				if (Object.keys(values).every((k) => k === 'account_id')) fail('Update Fields', 'needs at least one field to change');
			},
		},
	],
};
