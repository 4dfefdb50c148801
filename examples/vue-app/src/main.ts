import { createApp } from 'vue';
// Each entry registers its element. Their types in templates come from `@inlay/widgets/vue`
// (tsconfig.json's `types`), for vue-tsc and editors.
import '@inlay/widgets/checklist';
import '@inlay/widgets/feedback-board';
import '@inlay/widgets/importer';
import '@inlay/widgets/tour';
import App from './App.vue';

createApp(App).mount('#app');
