import { findPage } from '../../shared/routes';
import { withoutQuery } from '../http/requestStart';

/** Whether a page's key or URL is a page with a public form (a route with `hasForm`, decision 073). */
export const hasForm = (key: string) => findPage(withoutQuery(key))?.route.hasForm === true;
