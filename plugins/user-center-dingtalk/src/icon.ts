/** The login button's icon: a paper plane in a circle (16x16 view box, currentColor; DingTalk's own logo is theirs to show). */
export const DINGTALK_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor"><path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm3.9 4.3-1.6 7.2a.5.5 0 0 1-.75.3L7.4 10.3l-1.1 1.1a.4.4 0 0 1-.68-.22l-.3-1.95-1.95-.66a.45.45 0 0 1-.02-.85l7.9-3.05a.45.45 0 0 1 .65.53Z"/></svg>';
