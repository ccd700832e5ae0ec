import { routePatternOf } from '../../shared/routes';
import { OTHER_LABEL } from '../db/dailyCounts';

/**
 * What a touch's labels may be (decision 065): a value of another shape is "(other)", so free text (an
 * e-mail address, a message to the staff) is neither counted for 13 months nor shown on the console.
 * A UTM value as campaign links write it, lowercased: letters and digits, then also ".", "_" and "-".
 */
const UTM_VALUE = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]*$/u;

/** A host name as URL gives it (lowercase ASCII, punycode for the rest), with its port if any. */
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;

const checked = (shape: RegExp) => (value: string) => (value === '' || shape.test(value) ? value : OTHER_LABEL);

/** A UTM source, medium or campaign, already trimmed, cut and lowercased: itself, "" or "(other)". */
export const utmLabel = checked(UTM_VALUE);

/** A referring site's host, already cut and lowercased: itself, "" or "(other)". */
export const referrerLabel = checked(HOST_NAME);

/** A path of the site kept with a lead (its landing page, the form's page): a page that exists now, else "". */
export const pagePath = (path: string): string => (path === '' || routePatternOf(path) ? path : '');
