// The widgets, defined in the second tab the several-tabs tests open (second-tab.html).
import '../checklist/define.js';
import '../feedback-board/define.js';

(window as unknown as { secondTabReady: boolean }).secondTabReady = true;
