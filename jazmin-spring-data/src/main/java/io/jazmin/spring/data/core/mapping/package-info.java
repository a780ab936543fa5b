/** Spring Data's mapping view of JAZMIN entities: the file each type is bound to and the column of each property. */
package io.jazmin.spring.data.core.mapping;
