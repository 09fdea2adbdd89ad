/** Content categories: groups of publishers' video content for in-stream ads (https://docs.x.com/x-ads-api/campaign-management/reference#content-categories). */
import type { Resource } from '../../shared/engine/endpoints';

export const contentCategoryResource: Resource = {
	name: 'Content Category',
	value: 'contentCategory',
	description: 'Categories of publishers\' video content for in-stream (preroll) ads, each mapped to IAB categories',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many content categories',
			description: 'List the content categories with their IAB categories and last-30-day publisher and video counts; no account needed',
			method: 'GET',
			path: '/content_categories',
			docs: 'https://docs.x.com/x-ads-api/campaign-management/reference#get-content-categories',
			list: { onePage: true },
		},
	],
};
