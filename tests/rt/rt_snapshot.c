#include "acltest.h"
int main(void){return 77;}
