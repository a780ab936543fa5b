/**
 * Entity lifecycle hooks of JAZMIN repositories and templates: {@code EntityCallback}s that may
 * return a changed entity ({@link io.jazmin.spring.data.core.mapping.event.BeforeConvertCallback},
 * {@link io.jazmin.spring.data.core.mapping.event.BeforeSaveCallback},
 * {@link io.jazmin.spring.data.core.mapping.event.AfterSaveCallback},
 * {@link io.jazmin.spring.data.core.mapping.event.AfterConvertCallback},
 * {@link io.jazmin.spring.data.core.mapping.event.BeforeDeleteCallback},
 * {@link io.jazmin.spring.data.core.mapping.event.AfterDeleteCallback}), the matching application
 * events, and the auditing that {@code @EnableJazminAuditing} plugs in as a before-convert callback.
 */
package io.jazmin.spring.data.core.mapping.event;
