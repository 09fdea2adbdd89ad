/** Publishers: accounts whose videos carry in-stream ads (https://docs.x.com/x-ads-api/campaign-management/reference#publishers). */
import type { Resource } from '../../shared/engine/endpoints';

export const publisherResource: Resource = {
	name: 'Publisher',
	value: 'publisher',
	description: 'Publishers whose videos carry in-stream (preroll) ads',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many publishers',
			description: 'List the in-stream publishers with their user ID, username, content category IDs and countries; no account needed',
			method: 'GET',
			path: '/publishers',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-publishers',
			list: { onePage: true },
		},
	],
};
