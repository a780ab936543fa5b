/** The actuator endpoint listing configured JAZMIN files and its auto-configuration (only with actuator). */
package io.jazmin.spring.boot.endpoint;
