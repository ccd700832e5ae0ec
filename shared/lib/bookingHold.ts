/**
 * Where the booking page's free times hold the time chosen (POST, JSON; decision 088), and the form field its key
 * goes back in: the server's route, the page and its script name them from here.
 */
export const HOLD_ENDPOINT = '/api/booking/hold';
export const HOLD_FIELD = 'hold';
