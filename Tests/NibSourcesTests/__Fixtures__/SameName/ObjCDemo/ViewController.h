#import <UIKit/UIKit.h>

@interface ViewController : UIViewController
@property (nonatomic, weak) IBOutlet UIButton *objcButton;
- (IBAction)objcTapped:(id)sender;
@end
