/** The once-only key of one campaign's message to one subscriber (its messages are found by campaign_id). */
export const campaignKey = (id: number, subscriberId: number) => `campaign:${id}:${subscriberId}`;
